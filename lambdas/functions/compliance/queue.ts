/**
 * GET /api/compliance/queue/ (compliance, admin) — the review queue: submissions waiting for a decision, oldest
 * first (`status=pending`, the default), or approvals expiring within 30 days or already expired, by expiry day;
 * filtered by cohort and requirement. A page is one Query of gsi2 plus one BatchGet of the students' names,
 * and is audited as a read of the students it shows.
 */
import { QueueQuery, type QueueEntry } from '../../contract/compliance.js';
import type { Page } from '../../contract/page.js';
import { now, schoolDay } from '../../domain/clock.js';
import { addDays, EXPIRING_WITHIN_DAYS } from '../../domain/compliance.js';
import { decodeCursor, encodeCursor } from '../../http/cursor.js';
import { callerOf, route } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { presentSubmission } from '../../presenters/compliance.js';
import { recordRead, studentsShown } from '../../store/audit.js';
import { listRequirements, submissionsPage } from '../../store/compliance.js';
import { batchGetAll } from '../../store/dynamo.js';
import { studentKeys } from '../../store/student.js';

/** Expired approvals are listed back to this many days (older ones have long been chased or renewed). */
const EXPIRED_LOOKBACK_DAYS = 366;

export const handler = route('compliance-queue', async (req) => {
  const q = parseQuery(req, QueueQuery);
  const today = schoolDay(now());
  const view =
    (q.status ?? 'pending') === 'pending'
      ? ({ kind: 'pending' } as const)
      : q.status === 'expiring'
        ? ({ kind: 'expiry', from: today, to: addDays(today, EXPIRING_WITHIN_DAYS) } as const)
        : ({ kind: 'expiry', from: addDays(today, -EXPIRED_LOOKBACK_DAYS), to: addDays(today, -1) } as const);
  const [page, requirements] = await Promise.all([
    submissionsPage(view, { cohortId: q.cohort_id, requirementId: q.requirement_id }, q.limit ?? 25, decodeCursor(q.cursor)),
    listRequirements(),
  ]);
  const usernames = [...new Set(page.submissions.map((s) => s.username))];
  const profiles = new Map((await batchGetAll(usernames.map(studentKeys.profile))).map((p) => [String(p.username), p]));
  if (usernames.length) {
    await recordRead({
      actor: callerOf(req).username,
      action: 'compliance.queue.read',
      entityType: 'compliance-queue',
      entityId: q.status ?? 'pending',
      subject: `compliance-queue ${q.status ?? 'pending'}`,
      detail: studentsShown(usernames),
    });
  }
  const names = new Map(requirements.map((r) => [r.id, r.name]));
  const results: QueueEntry[] = page.submissions.map((s) => {
    const p = profiles.get(s.username);
    return {
      submission: presentSubmission(s),
      requirement_name: names.get(s.requirement_id) ?? s.requirement_id,
      student: { username: s.username, first_name: String(p?.firstName ?? ''), last_name: String(p?.lastName ?? s.lastName), cohort_id: s.cohortId },
    };
  });
  const body: Page<QueueEntry> = { results, count: results.length, next: encodeCursor(page.lastKey) };
  return { body };
});
