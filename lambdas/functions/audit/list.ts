/**
 * GET /api/audit/ (admin) — the audit log, newest first, in cursor pages: filter by user (`actor`),
 * `action` and days `from`..`to`. Without a user or action it covers at most 31 days (the last 31
 * unless `from` / `to` say otherwise), one day partition after the other (store/audit.ts).
 */
import { AuditListQuery, MAX_AUDIT_DAYS, type AuditEntrySummary, type AuditPage } from '../../contract/audit.js';
import { subjectFromEntry } from '../../domain/audit-subjects.js';
import { Invalid } from '../../domain/errors.js';
import { decodeCursor, encodeCursor } from '../../http/cursor.js';
import { route } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { AUDIT_SORT_KEY, listAuditEntries, type AuditRecord } from '../../store/audit.js';

const shiftDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const handler = route('audit-list', async (req) => {
  const q = parseQuery(req, AuditListQuery);
  let { from, to } = q;
  if (!q.actor && !q.action) {
    // the day walk needs both ends: a missing one is the other one +/- 30 days, or today
    to ??= from ? shiftDays(from, MAX_AUDIT_DAYS - 1) : new Date().toISOString().slice(0, 10);
    from ??= shiftDays(to, 1 - MAX_AUDIT_DAYS);
  }
  const after = decodeCursor(q.cursor)?.after;
  if (
    q.cursor !== undefined &&
    q.cursor !== '' &&
    (typeof after !== 'string' || !AUDIT_SORT_KEY.test(after) || (from && after.slice(0, 10) < from) || (to && after.slice(0, 10) > to))
  ) {
    throw new Invalid('cursor: does not belong to this list');
  }

  const { records, after: next } = await listAuditEntries({ actor: q.actor, action: q.action, from, to, limit: q.limit ?? 50, after });
  const body: AuditPage = {
    results: records.map(present),
    count: records.length,
    next: encodeCursor(next ? { after: next } : undefined),
    from: from ?? null,
    to: to ?? null,
  };
  return { body };
});

function present(r: AuditRecord): AuditEntrySummary {
  return {
    id: r.id,
    at: r.at,
    actor: r.actor,
    action: r.action,
    entity_type: r.entityType,
    entity_id: r.entityId,
    // entries from before labels were stored are named from their own snapshot: no read per row
    subject: r.subject ?? subjectFromEntry(r),
    ...(r.before === undefined ? {} : { before: r.before }),
    ...(r.after === undefined ? {} : { after: r.after }),
    ...(r.detail === undefined ? {} : { detail: r.detail }),
  };
}
