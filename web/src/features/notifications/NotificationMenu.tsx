import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { NotificationItem, NotificationPage } from '#contract/notifications';
import { paths } from '#shared/paths';
import { BELL_SIZE } from './notificationsApi';
import { relativeTime, spaLinkOf } from './notificationFormat';
import { NO_NOTIFICATIONS, NOTIFICATIONS_FAILED } from './notificationMessages';
import { UnreadDot } from './UnreadDot';
import { useMarkAllRead, useOpenNotification } from './useNotificationActions';

interface Props {
  id: string;
  anchor: HTMLElement;
  /** The bell's read of the latest notices (undefined while it loads). */
  page: NotificationPage | undefined;
  failed: boolean;
  onClose: () => void;
}

/**
 * The bell's menu: the latest notices (title, how long ago, an unread dot), See all and Mark all read.
 * A notice opens its subject, or the inbox when it has none (the menu shows only titles).
 */
export default function NotificationMenu({ id, anchor, page, failed, onClose }: Props) {
  const openNotice = useOpenNotification();
  const navigate = useNavigate();
  const markAll = useMarkAllRead();
  const notices = (Array.isArray(page?.results) ? page.results : []).slice(0, BELL_SIZE);
  const unread = page?.unread_count ?? 0;
  const status = failed ? NOTIFICATIONS_FAILED : !page ? 'Loading...' : notices.length === 0 ? NO_NOTIFICATIONS : null;

  const open = (notice: NotificationItem) => {
    onClose();
    openNotice(notice);
    if (!spaLinkOf(notice.link)) navigate(paths.notifications);
  };

  return (
    <Menu
      id={id}
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 32px)' } }, list: { 'aria-label': 'Latest notifications' } }}
    >
      {status && (
        <MenuItem disabled sx={{ whiteSpace: 'normal' }}>
          {status}
        </MenuItem>
      )}
      {notices.map((notice) => (
        <MenuItem key={notice.id} onClick={() => open(notice)} sx={{ whiteSpace: 'normal', alignItems: 'flex-start', gap: 1 }}>
          <UnreadDot unread={!notice.read} />
          <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <Typography variant="body2" sx={{ fontWeight: notice.read ? 400 : 600 }}>
              {notice.title}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="span" title={notice.created_at}>
              {relativeTime(notice.created_at)}
            </Typography>
          </Box>
        </MenuItem>
      ))}
      <Divider />
      <MenuItem component={RouterLink} to={paths.notifications} onClick={onClose}>
        See all
      </MenuItem>
      <MenuItem disabled={unread === 0} onClick={markAll}>
        Mark all read
      </MenuItem>
    </Menu>
  );
}
