import * as z from './zod.js';
import { CalendarDate } from './payments.js';

/**
 * Without a user or action filter the audit list reads one day partition per day of the range, so
 * the range is capped; with one, it is a single index Query whatever the range.
 */
export const MAX_AUDIT_DAYS = 31;

const DAY_MS = 86_400_000;
/** Days from `from` to `to`, both included. */
export const daysSpanned = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** GET /api/audit/ (admin): newest first, filterable by user (`actor`), `action` and days `from`..`to`. */
export const AuditListQuery = z
  .object({
    actor: z.optional(z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(128, 'is too long'))),
    action: z.optional(z.string().check(z.trim(), z.regex(/^[a-z][a-z0-9._-]{0,63}$/, 'must be an action name such as course.create'))),
    from: z.optional(CalendarDate),
    to: z.optional(CalendarDate),
    limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200))),
    cursor: z.optional(z.string().check(z.maxLength(2048))),
  })
  .check(
    z.refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'must not be before from', path: ['to'] }),
    z.refine((q) => q.actor || q.action || !q.from || !q.to || q.from > q.to || daysSpanned(q.from, q.to) <= MAX_AUDIT_DAYS, {
      message: `may be at most ${MAX_AUDIT_DAYS} days after from unless a user or action is chosen`,
      path: ['to'],
    }),
  );
export type AuditListFilters = z.input<typeof AuditListQuery>;

/** One audit entry as the Audit screen shows it. */
export interface AuditEntrySummary {
  id: string;
  /** ISO time of the change or read. */
  at: string;
  /** Username of who did it. */
  actor: string;
  action: string;
  entity_type: string;
  entity_id: string;
  /** What the entry is about, in words: "course Physics (40101)", "student Ben Nguyen (ben)". */
  subject: string;
  /** The changed record's fields before and after the change (an update has both). */
  before?: unknown;
  after?: unknown;
  detail?: unknown;
}

export interface AuditPage {
  results: AuditEntrySummary[];
  count: number;
  /** Opaque cursor for the next page, or null on the last page. */
  next: string | null;
  /** The days the list covers (a default range is filled in when none is given): null = no bound. */
  from: string | null;
  to: string | null;
}
