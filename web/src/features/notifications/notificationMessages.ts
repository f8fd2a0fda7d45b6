/** The notification screens' texts. */
export const NO_NOTIFICATIONS = 'You have no notifications yet.';
export const NOTIFICATIONS_FAILED = 'Unable to load your notifications';
export const MARK_READ_FAILED = 'The notification could not be marked as read. Please try again.';
export const PREFERENCES_FAILED = 'Unable to load your email preferences';
export const PREFERENCES_SAVED = 'Email preferences saved';
export const PREFERENCES_SAVE_FAILED = 'Your email preferences could not be saved. Please try again.';
export const ALWAYS_EMAILED = 'Billing and required notices are always emailed.';
