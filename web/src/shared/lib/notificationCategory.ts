import type { NotificationCategory } from '#contract/notifications';

/** One notice's or email's category, as a chip or a cell names it (singular; the contract's CATEGORY_LABELS name the groups). */
export const CATEGORY_NAME: Record<NotificationCategory, string> = {
  billing: 'Billing',
  required_action: 'Required action',
  account: 'Account',
  announcement: 'Announcement',
  reminder: 'Reminder',
};
