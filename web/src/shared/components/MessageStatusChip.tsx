import Chip from '@mui/material/Chip';
import type { MessageStatus } from '#contract/notifications';

const STATUS_LABEL: Record<MessageStatus, string> = {
  queued: 'Queued',
  held: 'Held for digest',
  sent: 'Sent',
  delivered: 'Delivered',
  bounced: 'Bounced',
  complained: 'Complained',
  suppressed: 'Suppressed',
  digested: 'In digest',
  failed: 'Failed',
};

/** Emails that never reached the student: the address bounced or complained, or SES refused it. */
const UNDELIVERED: readonly MessageStatus[] = ['bounced', 'complained', 'suppressed', 'failed'];

/** Where one email stands; the undelivered ones stand out, so staff know to tell the student another way. */
export function MessageStatusChip({ status }: { status: MessageStatus }) {
  const undelivered = UNDELIVERED.includes(status);
  return (
    <Chip
      size="small"
      color={undelivered ? 'error' : status === 'delivered' ? 'success' : 'default'}
      variant={undelivered ? 'filled' : 'outlined'}
      label={STATUS_LABEL[status] ?? status}
    />
  );
}
