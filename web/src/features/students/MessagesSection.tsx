import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { MessageStatus } from '#contract/notifications';
import { LoadMoreButton } from '#shared/components/PagedList';
import { formatDateTime } from '#shared/lib/dates';
import { CATEGORY_NAME } from '#shared/lib/notificationCategory';
import { RecordSection } from './RecordSection';
import { RecordTable } from './RecordTable';
import { MESSAGES_FAILED } from './studentMessages';
import { useListStudentMessagesInfiniteQuery } from './studentsAdminApi';

const COLUMNS = ['Date', 'Category', 'Subject', 'Status'];

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

function StatusChip({ status }: { status: MessageStatus }) {
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

/**
 * The emails sent to the student (subjects only: emails carry no record contents), newest first, with
 * where each stands; the ones that never reached the student stand out, so staff know to tell them another way.
 */
export function MessagesSection({ username }: { username: string }) {
  const messages = useListStudentMessagesInfiniteQuery(username);
  const items = messages.data?.pages.flatMap((page) => page.results) ?? [];
  const rows = items.map((message) => ({
    key: message.id,
    cells: [formatDateTime(message.created_at), CATEGORY_NAME[message.category] ?? message.category, message.subject, <StatusChip status={message.status} />],
  }));
  return (
    <RecordSection title="Messages">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Emails sent to the student, newest first. Every notice is also in their portal inbox.
      </Typography>
      {messages.isError ? (
        <Alert severity="error">{MESSAGES_FAILED}</Alert>
      ) : (
        <>
          <RecordTable label="Message log" columns={COLUMNS} secondary={['Category']} rows={rows} loading={messages.isLoading} empty="No emails sent to this student yet" />
          <Box sx={{ mt: 1 }}>
            <LoadMoreButton query={messages} />
          </Box>
        </>
      )}
    </RecordSection>
  );
}
