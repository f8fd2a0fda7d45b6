/**
 * Scheduled (jobs table: compliance-reminders, every morning): each approval that counts for its student and
 * expires within 30 days gets the reminder of its threshold, 30, 14, 7 or 0 days before the expiry, through
 * notifications (in-app, and by email unless the student moved reminders to in-app only). It reads the expiry
 * index (approvals by expiry day: store/compliance.ts), never DynamoDB's TTL, which deletes items up to about
 * two days late. Each reminder's key names its threshold (occasion), so a rerun for the same day, or the next
 * day's run inside the same threshold, sends nothing new; a day the job did not run is caught up the next day.
 * An approval a renewal has replaced is not reminded of (its student's submissions are read to check).
 */
import { schoolDay } from '../../domain/clock.js';
import { addDays, daysBetween, EXPIRING_WITHIN_DAYS, requirementState, thresholdReached } from '../../domain/compliance.js';
import { inParallel } from '../../schedule/in-parallel.js';
import { job } from '../../schedule/job.js';
import { notify } from '../../notify/events.js';
import { presentSubmission } from '../../presenters/compliance.js';
import { listRequirements, studentSubmissions, submissionsPage, type SubmissionRecord } from '../../store/compliance.js';

/** Days before the expiry at which a reminder goes out. */
export const REMINDER_DAYS = [30, 14, 7, 0] as const;
/** Students read and reminded at once. */
const STUDENTS_AT_ONCE = 16;

async function expiringWithin(from: string, to: string): Promise<SubmissionRecord[]> {
  const found: SubmissionRecord[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await submissionsPage({ kind: 'expiry', from, to }, {}, 500, cursor);
    found.push(...page.submissions);
    cursor = page.lastKey;
  } while (cursor);
  return found;
}

export const handler = job('compliance-reminders', async ({ now }) => {
  const today = schoolDay(now);
  const [candidates, requirements] = await Promise.all([expiringWithin(today, addDays(today, EXPIRING_WITHIN_DAYS)), listRequirements()]);
  const names = new Map(requirements.map((r) => [r.id, r.name]));
  const byStudent = new Map<string, SubmissionRecord[]>();
  for (const c of candidates) byStudent.set(c.username, [...(byStudent.get(c.username) ?? []), c]);
  const reminded: string[] = [];
  // a student's submissions are read to see which approval counts; students in parallel, a few at a time
  await inParallel([...byStudent], STUDENTS_AT_ONCE, async ([username, theirs]) => {
    const all = (await studentSubmissions(username)).map(presentSubmission);
    for (const candidate of theirs) {
      const state = requirementState(
        all.filter((s) => s.requirement_id === candidate.requirement_id),
        today,
      );
      if (state.approved?.id !== candidate.id || !candidate.expires_on) continue;
      const daysLeft = daysBetween(today, candidate.expires_on);
      const threshold = thresholdReached(REMINDER_DAYS, daysLeft);
      if (threshold === null) continue;
      await notify({
        event: 'compliance.expiring',
        entity: candidate.id,
        occasion: `${threshold}d`,
        template: 'compliance_expiring',
        params: { requirement: names.get(candidate.requirement_id) ?? 'A compliance item', days: daysLeft, expiresOn: candidate.expires_on },
        audience: { kind: 'students', usernames: [username] },
      });
      reminded.push(`${username} ${candidate.requirement_id} ${threshold}d`);
    }
  });
  return { today, candidates: candidates.length, reminded };
});
