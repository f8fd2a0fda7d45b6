import type { NotificationItem, NotificationPage } from '#contract/notifications';

/** Notices and pages for the notification screens' tests. */

const MINUTE = 60_000;

/** Notice `n`, created `n` hours before now (so newest first is n = 1, 2, ...), unread unless said otherwise. */
export function notice(n: number, overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id: `20260301T15000000${n}Z-notice${n}`,
    category: 'announcement',
    title: `Notice ${n}`,
    body: `Body of notice ${n}`,
    link: null,
    created_at: new Date(Date.now() - n * 60 * MINUTE).toISOString(),
    read: false,
    ...overrides,
  };
}

export const page = (results: NotificationItem[], next: string | null = null, unread = results.filter((r) => !r.read).length): NotificationPage => ({
  results,
  next,
  unread_count: unread,
});
