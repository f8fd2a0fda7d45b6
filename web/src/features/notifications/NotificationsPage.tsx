import Stack from '@mui/material/Stack';
import { PageHeading } from '#shared/components/PageHeading';
import { EmailPreferences } from './EmailPreferences';
import { NotificationInbox } from './NotificationInbox';

/** /notifications (every signed-in person): the inbox, then which notices are also emailed. */
export default function NotificationsPage() {
  return (
    <Stack spacing={4} component="section" aria-labelledby="page-title">
      <PageHeading title="Notifications" subtitle="Notices from the school about your account, bills, documents and announcements." />
      <NotificationInbox />
      <EmailPreferences />
    </Stack>
  );
}
