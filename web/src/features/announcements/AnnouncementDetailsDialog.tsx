import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Cohort } from '#contract/cohorts';
import type { AnnouncementSummary } from '#contract/notifications';
import { Facts } from '#shared/components/Facts';
import { RichText } from '#shared/components/RichText';
import { audienceOf, REASON_LABEL, STATUS_LABEL, whenOf } from './announcementFormat';
import { flaggedSummary } from './announcementMessages';
import { formatSchoolTime } from './schoolTime';

/** One announcement: who it went to and when, its message, and the recipients whose address no longer takes email. */
export function AnnouncementDetailsDialog({ announcement, cohorts, onClose }: { announcement: AnnouncementSummary; cohorts: readonly Cohort[]; onClose: () => void }) {
  const flagged = announcement.flagged_recipients;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="announcement-details-title">
      <DialogTitle id="announcement-details-title" sx={{ overflowWrap: 'anywhere' }}>
        {announcement.subject}
      </DialogTitle>
      {/* read-only content scrolls: focusable and named (axe's scrollable-region-focusable) */}
      <DialogContent tabIndex={0} role="region" aria-label="Announcement details">
        <Stack spacing={2}>
          <Facts
            facts={[
              ['Audience', audienceOf(announcement, cohorts)],
              ['Status', STATUS_LABEL[announcement.status] ?? announcement.status],
              [announcement.status === 'scheduled' ? 'Scheduled for' : 'Sent', formatSchoolTime(whenOf(announcement))],
              ['Recipients', announcement.recipient_count],
              ['Email', announcement.send_email ? 'Sent by email and in-app' : 'In-app only'],
              ['From', announcement.created_by],
            ]}
          />
          {flagged.length > 0 && (
            <Alert severity="warning">
              <Typography variant="body2">{flaggedSummary(flagged.length)}</Typography>
              <Typography component="ul" variant="body2" sx={{ m: 0, mt: 1, pl: 2.5 }}>
                {flagged.map((recipient) => (
                  <li key={recipient.username}>{`${recipient.name} (${recipient.username}): ${REASON_LABEL[recipient.reason] ?? recipient.reason}`}</li>
                ))}
              </Typography>
            </Alert>
          )}
          <RichText source={announcement.body} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
