/** The notification routes' request schemas (their answers and constants: notifications.ts). */
import { AUDIENCES, EMAIL_CHOICES, MAX_BODY_LENGTH, MAX_NAMED_RECIPIENTS, MAX_SUBJECT_LENGTH } from './notifications.js';
import { PROGRAM_TYPES } from './programs.js';
import { Username } from './username.js';
import * as z from './zod.js';

export const NotificationListQuery = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1, 'must be at least 1'), z.maximum(100, 'must be at most 100'))),
  cursor: z.optional(z.string().check(z.maxLength(2048, 'is too long'))),
});

/** `{id}` of a notice: its time and a random suffix. */
export const NotificationParams = z.object({ id: z.string().check(z.regex(/^[0-9]{8}T[0-9]{9}Z-[a-z0-9]{6,16}$/, 'must be a notification id')) });

export const NotificationPreferencesRequest = z.object({
  announcement: z.enum(EMAIL_CHOICES, { error: 'must be email or in_app' }),
  reminder: z.enum(EMAIL_CHOICES, { error: 'must be email or in_app' }),
});

/**
 * POST /api/announcements/ (staff, admin). `body` is plain text with simple formatting
 * (domain/rich-text.ts): paragraphs, `**bold**`, `*italic*`, `- ` lists and https links.
 * Without `send_at` it goes now; with it, when the schedule comes (at most a year ahead).
 */
export const AnnouncementRequest = z
  .object({
    subject: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(MAX_SUBJECT_LENGTH, `must be at most ${MAX_SUBJECT_LENGTH} characters`)),
    body: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(MAX_BODY_LENGTH, `must be at most ${MAX_BODY_LENGTH} characters`)),
    audience: z.enum(AUDIENCES, { error: 'must be general, program_type, cohort or students' }),
    program_type: z.optional(z.enum(PROGRAM_TYPES, { error: 'must be certificate, diploma or associates' })),
    cohort_id: z.optional(z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(64, 'is too long'))),
    usernames: z.optional(z.array(Username).check(z.maxLength(MAX_NAMED_RECIPIENTS, `may name at most ${MAX_NAMED_RECIPIENTS} students`))),
    send_email: z.boolean({ error: 'must be true or false' }),
    send_at: z.optional(z.nullable(z.iso.datetime({ offset: true, error: 'must be a date and time' }))),
  })
  .check(
    z.refine((r) => r.audience !== 'program_type' || r.program_type !== undefined, { path: ['program_type'], message: 'is required for a program type audience' }),
    z.refine((r) => r.audience !== 'cohort' || r.cohort_id !== undefined, { path: ['cohort_id'], message: 'is required for a cohort audience' }),
    z.refine((r) => r.audience !== 'students' || (r.usernames?.length ?? 0) > 0, { path: ['usernames'], message: 'must name at least one student' }),
  );
export type AnnouncementInput = z.infer<typeof AnnouncementRequest>;

export const AnnouncementListQuery = NotificationListQuery;
export const MessageListQuery = NotificationListQuery;
