/**
 * GET /api/students/{username}/holds/ — the student's financial holds, each with its reason, what it blocks and how
 * to clear it, worked out from the ledger and the hold rules as of today (domain/financial-holds.ts), so a hold lifts
 * the moment the payment is recorded. The student sees their own; staff anyone's, audited before it is answered.
 */
import type { StudentHoldsResponse } from '../../contract/payment-plans.js';
import { studentSubject } from '../../domain/audit-subjects.js';
import { now, schoolDay } from '../../domain/clock.js';
import { NotFound } from '../../domain/errors.js';
import { activeHolds, NEVER_BLOCKED, vaStanding } from '../../domain/financial-holds.js';
import { centsToDollars } from '../../domain/money.js';
import { route } from '../../http/route.js';
import { studentRecordRequest } from '../../http/student-record.js';
import { recordStudentRead } from '../../store/audit.js';
import { getPlanSettings } from '../../store/plan-template.js';
import { studentBillAndPlans } from '../../store/payment-plan.js';

export const handler = route('students-holds', async (req) => {
  const { username, caller } = studentRecordRequest(req);
  const [found, settings] = await Promise.all([studentBillAndPlans(username), getPlanSettings()]);
  if (!found) throw new NotFound('Student not found');
  const { ledger, plans } = found;
  const { profile } = ledger;
  const holds = activeHolds({ enrollments: ledger.enrollments, entries: ledger.entries, plans, rules: settings.holdRules, today: schoolDay(now()), va: vaStanding(profile) });
  await recordStudentRead(caller.username, username, 'student.holds.read', { subject: studentSubject(profile), detail: { holds: holds.length } });
  const body: StudentHoldsResponse = {
    holds: holds.map((h) => ({
      kind: h.kind,
      program_name: h.programName,
      amount: centsToDollars(h.amountCents),
      since: h.since,
      reason: h.reason,
      how_to_clear: h.howToClear,
      blocks: h.blocks,
    })),
    never_blocked: [...NEVER_BLOCKED],
  };
  return { body };
});
