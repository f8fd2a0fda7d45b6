import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useGetLatestNotificationsQuery } from './notificationsApi';
import { useRefreshWhileVisible } from './useRefreshWhileVisible';

// The menu loads on the first press, not with every page.
const NotificationMenu = lazy(() => import('./NotificationMenu'));

const MENU_ID = 'notification-menu';
const REFRESH_MS = 60_000;
const BADGE_MAX = 99;

/** "Notifications, 3 unread": the badge's own text (99+ above 99) inside the name, as axe's label-in-name wants. */
export const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread > BADGE_MAX ? `${BADGE_MAX}+` : unread} unread` : 'Notifications');

/**
 * The header's bell, for every signed-in person (the header mounts it only then, lazily): the unread count
 * as a badge, re-read every minute while the page is visible and when the window regains focus; a
 * press opens the latest notices. A failed read leaves the bell without a count rather than an alert
 * on every page.
 */
export default function NotificationBell() {
  const latest = useGetLatestNotificationsQuery();
  useRefreshWhileVisible(latest.refetch, REFRESH_MS);
  const unread = latest.data?.unread_count ?? 0;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={bellLabel(unread)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? MENU_ID : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {/* no content at 0: MUI keeps a hidden "0" in the button, which axe reads as text missing from its name */}
        <Badge badgeContent={unread > 0 ? unread : null} max={BADGE_MAX} color="secondary">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <NotificationMenu id={MENU_ID} anchor={anchor} page={latest.data} failed={latest.isError} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
