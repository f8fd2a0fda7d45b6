import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PagedQueryList } from '#shared/components/PagedList';
import { HeadingRow } from '#shared/components/HeadingRow';
import { NotificationEntry } from './NotificationEntry';
import { NO_NOTIFICATIONS, NOTIFICATIONS_FAILED } from './notificationMessages';
import { useGetNotificationsInfiniteQuery } from './notificationsApi';
import { useMarkAllRead, useOpenNotification } from './useNotificationActions';

/** The inbox: every notice, newest first, read page by page; a notice opens (and is marked read) on a click. */
export function NotificationInbox() {
  const inbox = useGetNotificationsInfiniteQuery();
  const notices = inbox.data?.pages.flatMap((page) => page.results) ?? [];
  const unread = inbox.data?.pages[0]?.unread_count ?? 0;
  const open = useOpenNotification();
  const markAll = useMarkAllRead();

  return (
    <Stack spacing={2} component="section" aria-labelledby="inbox-title">
      <HeadingRow gap={1}>
        <Typography id="inbox-title" variant="h5" component="h2">
          Inbox
        </Typography>
        <Button variant="outlined" disabled={unread === 0} onClick={markAll}>
          Mark all as read
        </Button>
      </HeadingRow>
      <Typography variant="body2" color="text.secondary" role="status">
        {inbox.data && (unread === 1 ? '1 unread notification' : `${unread} unread notifications`)}
      </Typography>
      <PagedQueryList query={inbox} loadingText="Loading notifications..." failureText={NOTIFICATIONS_FAILED} empty={notices.length === 0 && NO_NOTIFICATIONS}>
        <Paper variant="outlined" component="ul" aria-label="Notifications" sx={{ m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
          {notices.map((notice) => (
            <NotificationEntry key={notice.id} notice={notice} onOpen={open} />
          ))}
        </Paper>
      </PagedQueryList>
    </Stack>
  );
}
