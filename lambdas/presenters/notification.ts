/** Notices, announcements and emails as the API answers them (lambdas/contract/notifications.ts). */
import type { AnnouncementSummary, MessageLogItem, NotificationItem } from '../contract/notifications.js';
import type { AnnouncementRecord } from '../store/announcement.js';
import type { EmailMessageRecord, NoticeRecord } from '../store/notification.js';

export const presentNotice = (n: NoticeRecord & { read: boolean }): NotificationItem => ({
  id: n.id,
  category: n.category,
  title: n.title,
  body: n.body,
  link: n.link,
  created_at: n.createdAt,
  read: n.read,
});

export const presentAnnouncement = (a: AnnouncementRecord): AnnouncementSummary => ({
  id: a.id,
  subject: a.subject,
  body: a.body,
  audience: a.audience,
  program_type: a.programType,
  cohort_id: a.cohortId,
  usernames: a.usernames,
  send_email: a.sendEmail,
  send_at: a.sendAt,
  status: a.status,
  recipient_count: a.recipientCount,
  flagged_recipients: Object.entries(a.flagged).map(([username, f]) => ({ username, name: f.name, reason: f.reason })),
  created_by: a.createdBy,
  created_at: a.createdAt,
  sent_at: a.sentAt,
});

export const presentMessage = (m: EmailMessageRecord): MessageLogItem => ({
  id: m.id,
  category: m.category,
  subject: m.subject,
  status: m.status,
  created_at: m.createdAt,
  updated_at: m.updatedAt,
});
