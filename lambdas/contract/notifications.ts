/**
 * Notifications: the in-app inbox, each person's email preferences, staff announcements and the
 * per-student message log. Emails carry no record contents (no amounts, no health details), only
 * what happened and a link back to the portal; the inbox may say more, since only its owner reads it.
 * The request schemas are in notification-requests.ts: the jobs that read these constants build no zod.
 */

/**
 * What a notice is about. Billing (receipts, failed payments, refunds) and required actions (a
 * mandatory document) always go by email too; announcements and reminders may be kept in-app only.
 * `account` (a welcome, an import finished) is always sent.
 */
export const NOTIFICATION_CATEGORIES = ['billing', 'required_action', 'account', 'announcement', 'reminder'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** The categories a person may move to in-app only. */
export const OPTIONAL_EMAIL_CATEGORIES = ['announcement', 'reminder'] as const satisfies readonly NotificationCategory[];
export type OptionalEmailCategory = (typeof OPTIONAL_EMAIL_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<NotificationCategory, string> = {
  billing: 'Billing',
  required_action: 'Required actions',
  account: 'Account',
  announcement: 'Announcements',
  reminder: 'Reminders',
};

/** One notice in the inbox (GET /api/notifications/). */
export interface NotificationItem {
  id: string;
  category: NotificationCategory;
  title: string;
  body: string;
  /** Where in the portal its subject is (an SPA path), or null. */
  link: string | null;
  created_at: string;
  read: boolean;
}

/** GET /api/notifications/: newest first, one page, with the unread count for the bell. */
export interface NotificationPage {
  results: NotificationItem[];
  next: string | null;
  unread_count: number;
}

/** POST /api/notifications/{id}/read/ and /read-all/ answer the count left unread. */
export interface UnreadCount {
  unread_count: number;
}

export const EMAIL_CHOICES = ['email', 'in_app'] as const;
export type EmailChoice = (typeof EMAIL_CHOICES)[number];

/** GET and PUT /api/users/me/notification-preferences/. */
export interface NotificationPreferences {
  announcement: EmailChoice;
  reminder: EmailChoice;
}

export const DEFAULT_PREFERENCES: NotificationPreferences = { announcement: 'email', reminder: 'email' };

export const AUDIENCES = ['general', 'program_type', 'cohort', 'students'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** At most this many students named one by one (a larger group is a cohort or a program type). */
export const MAX_NAMED_RECIPIENTS = 500;
export const MAX_SUBJECT_LENGTH = 150;
export const MAX_BODY_LENGTH = 10_000;

export const ANNOUNCEMENT_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

/** A recipient whose address no longer takes email (a bounce or complaint): the notice went in-app only. */
export interface FlaggedRecipient {
  username: string;
  name: string;
  reason: 'bounced' | 'complained';
}

/** One announcement as staff see it (POST answers it; GET /api/announcements/ pages them, newest first). */
export interface AnnouncementSummary {
  id: string;
  subject: string;
  body: string;
  audience: Audience;
  program_type: string | null;
  cohort_id: string | null;
  usernames: string[];
  send_email: boolean;
  send_at: string | null;
  status: AnnouncementStatus;
  recipient_count: number;
  flagged_recipients: FlaggedRecipient[];
  created_by: string;
  created_at: string;
  sent_at: string | null;
}

/**
 * An email's life: queued, then sent to SES, then as SES reports it (the configuration set's events).
 * `held`: a later email of its category that day, waiting for the next digest (then `digested`);
 * `suppressed`: not sent, the address bounced or complained before; `failed`: SES refused it.
 */
export const MESSAGE_STATUSES = ['queued', 'held', 'sent', 'delivered', 'bounced', 'complained', 'suppressed', 'digested', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** One email in a student's message log (GET /api/students/{username}/messages/, staff and admin). */
export interface MessageLogItem {
  id: string;
  category: NotificationCategory;
  /** The email's subject line (no record contents, by design). */
  subject: string;
  status: MessageStatus;
  created_at: string;
  updated_at: string;
}
