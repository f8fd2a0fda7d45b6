/**
 * Scheduled (jobs table: compliance-digest, Monday mornings, school time): each student with requirements still to
 * hand in, renew or correct (Missing, Expired, Not approved) gets one digest a week, keyed by the ISO week, so a rerun
 * sends nothing new. Items waiting for review are the reviewers' to act on, and expiring ones have reminders of their
 * own (compliance-reminders). Read without a Scan: every student from the program index (four Queries), each cohort's
 * submissions from the cohort index (one Query a cohort), and only the students without a cohort one by one.
 */
import { schoolDay } from '../../domain/clock.js';
import { isoWeek } from '../../domain/compliance.js';
import { activeRequirements, cohortSubmissions, listRequirements, studentSubmissions, type SubmissionRecord } from '../../store/compliance.js';
import { inParallel } from '../../schedule/in-parallel.js';
import { job } from '../../schedule/job.js';
import { notify } from '../../notify/events.js';
import { requirementStatuses } from '../../presenters/compliance.js';
import { listCohorts } from '../../store/cohort.js';
import { listAllStudents, type StudentSummary } from '../../store/student.js';

const TO_DO = new Set(['missing', 'expired', 'not_approved']);

export const handler = job('compliance-digest', async ({ now }) => {
  const today = schoolDay(now);
  const [students, cohorts, requirements] = await Promise.all([listAllStudents(), listCohorts(), listRequirements()]);
  const active = activeRequirements(requirements);
  const starts = new Map(cohorts.map((c) => [c.id, c.startDate]));
  const byCohort = new Map<string | null, StudentSummary[]>();
  for (const s of students) byCohort.set(s.cohortId, [...(byCohort.get(s.cohortId) ?? []), s]);
  // students with the same count share one event: its key per recipient keeps it once a week each
  const byCount = new Map<number, string[]>();
  for (const [cohortId, members] of byCohort) {
    const submissions: SubmissionRecord[] = cohortId ? await cohortSubmissions(cohortId) : [];
    if (!cohortId) await inParallel(members, 16, async (m) => void submissions.push(...(await studentSubmissions(m.username))));
    for (const m of members) {
      const statuses = requirementStatuses(
        active,
        submissions.filter((s) => s.username === m.username),
        { ...m, cohortStart: cohortId ? (starts.get(cohortId) ?? null) : null },
        today,
      );
      const count = statuses.filter((s) => TO_DO.has(s.status)).length;
      if (count > 0) byCount.set(count, [...(byCount.get(count) ?? []), m.username]);
    }
  }
  const week = isoWeek(today);
  for (const [count, usernames] of byCount) {
    await notify({
      event: 'compliance.digest',
      entity: 'compliance',
      occasion: week,
      template: 'compliance_incomplete',
      params: { count },
      audience: { kind: 'students', usernames },
    });
  }
  return { today, week, students: students.length, digests: [...byCount.values()].reduce((n, u) => n + u.length, 0) };
});
