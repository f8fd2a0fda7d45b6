import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { NotificationItem } from '#contract/notifications';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { MARK_READ_FAILED } from './notificationMessages';
import { useMarkAllNotificationsReadMutation, useMarkNotificationReadMutation } from './notificationsApi';
import { spaLinkOf } from './notificationFormat';

/**
 * Opening a notice: it is marked read (at once in every list: notificationsApi), and the app goes to
 * its subject when it names one in the portal. The bell's menu and the inbox open notices alike.
 */
export function useOpenNotification(): (notice: NotificationItem) => void {
  const navigate = useNavigate();
  const toast = useToast(TOAST_MS, 'error');
  const [markRead] = useMarkNotificationReadMutation();
  return useCallback(
    (notice) => {
      if (!notice.read)
        markRead(notice.id)
          .unwrap()
          .catch(() => toast(MARK_READ_FAILED));
      const link = spaLinkOf(notice.link);
      if (link) navigate(link);
    },
    [navigate, markRead, toast],
  );
}

/** "Mark all as read", in every list at once. */
export function useMarkAllRead(): () => void {
  const toast = useToast(TOAST_MS, 'error');
  const [markAllRead] = useMarkAllNotificationsReadMutation();
  return useCallback(() => {
    markAllRead()
      .unwrap()
      .catch(() => toast(MARK_READ_FAILED));
  }, [markAllRead, toast]);
}
