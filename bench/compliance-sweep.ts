/**
 * The compliance sweeps over 10,000 students on the local stack: the daily expiry reminders (compliance-reminders,
 * read from the expiry index) when every one of them has an approval expiring within 30 days, run twice for the same
 * day (a rerun delivers nothing new: each reminder's key names its threshold, test/handlers/compliance-reminders.test.ts), and the weekly digest
 * (compliance-digest) over all of them. Students, cohorts, templates and approvals are written straight into the
 * table through the stores' own item builders, in cohorts of 100, as the school's would be.
 *
 * Standalone (`npx tsx bench/compliance-sweep.ts [--students N]`), and a row of `npm run bench`.
 */
import '../lib/local/quiet-node-version-warning.js';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Item } from '../lambdas/store/dynamo.js';
import { isStandalone, onThrowawayStack, studentsArg } from './standalone.js';

export interface SweepResult {
  students: number;
  remindersMs: number;
  reminded: number;
  rerunMs: number;
  digestMs: number;
  digests: number;
}

const COHORT_SIZE = 100;

/** Writes the students and their approvals, then runs the sweeps as of one morning. */
export async function measureComplianceSweep(db: DynamoDBDocumentClient, table: string, students = 10_000): Promise<SweepResult> {
  // imported once the stack's environment is set: the stores read the table's name as they load
  const { writeAll } = await import('./seed.js');
  const { Cohort } = await import('../lambdas/store/cohort.js');
  const { Requirement, Submission } = await import('../lambdas/store/compliance.js');
  const { studentItems } = await import('../lambdas/store/student.js');
  const { addDays } = await import('../lambdas/domain/compliance.js');
  const { schoolDay } = await import('../lambdas/domain/clock.js');
  const { handler: reminders } = await import('../lambdas/functions/jobs/send-compliance-reminders.js');
  const { handler: digest } = await import('../lambdas/functions/jobs/send-compliance-digest.js');

  const tag = `sw${Date.now().toString(36)}`;
  const now = new Date('2031-03-03T12:30:00Z');
  const today = schoolDay(now);
  const at = now.toISOString();
  const requirement = (id: string, name: string, months: number) =>
    Requirement.item({
      id,
      name,
      category: 'cpr_bls',
      evidence: 'date_only',
      validity: { kind: 'months', months },
      applies_to: { kind: 'program_type', program_type: 'diploma' },
      due_days_from_cohort_start: null,
      guidelines: '',
      alternatives: [],
      exemption_allowed: false,
      retired: false,
      updatedAt: at,
    });
  function* items(): Generator<Item[]> {
    // two templates: the one expiring, and one nobody has handed in (the digest's Missing)
    yield [requirement(`${tag}-bls`, 'BLS (bench)', 24), requirement(`${tag}-tb`, 'TB (bench)', 12)];
    for (let c = 0; c * COHORT_SIZE < students; c++) {
      const cohortId = `${tag}-cohort-${c}`;
      yield [
        Cohort.item({
          id: cohortId,
          academicYear: '2030-2031',
          cohortNumber: c + 1,
          programType: 'diploma',
          programName: 'Sweep',
          isActive: true,
          startDate: null,
          endDate: null,
          studentCount: COHORT_SIZE,
        }),
      ];
      for (let k = 0; k < COHORT_SIZE && c * COHORT_SIZE + k < students; k++) {
        const i = c * COHORT_SIZE + k;
        const username = `${tag}-s${i}`;
        const lastName = `Sweep${String(i).padStart(5, '0')}`;
        const expires = addDays(today, i % 31);
        yield [
          ...studentItems({
            profile: {
              username,
              sub: `sub-${username}`,
              firstName: 'Bench',
              lastName,
              email: `${username}@bench.example.edu`,
              phone: null,
              createdAt: at,
              onPaymentPlan: false,
              programType: 'diploma',
              programName: 'Sweep',
              cohortId,
            },
            enrollments: [],
            entries: [],
          }),
          Submission.item({
            id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
            username,
            lastName,
            cohortId,
            requirement_id: `${tag}-bls`,
            kind: 'evidence',
            alternative: null,
            files: [],
            completed_on: addDays(expires, -730),
            expires_on: expires,
            attested: false,
            note: '',
            status: 'approved',
            reason: null,
            submitted_by: username,
            submitted_at: at,
            decided_by: 'bench',
            decided_at: at,
          }),
        ];
      }
    }
  }
  await writeAll(db, table, items());

  const timed = async <T>(run: () => Promise<T>) => {
    const started = Date.now();
    const result = await run();
    return { result, ms: Date.now() - started };
  };
  const first = await timed(() => reminders({ now: at }));
  const again = await timed(() => reminders({ now: at }));
  const weekly = await timed(() => digest({ now: at }));
  return {
    students,
    remindersMs: first.ms,
    reminded: first.result.reminded.filter((r) => r.startsWith(tag)).length,
    rerunMs: again.ms,
    digestMs: weekly.ms,
    digests: weekly.result.digests,
  };
}

async function main(argv: string[]) {
  const students = studentsArg(argv, 10_000);
  await onThrowawayStack('sweep', async () => {
    const { db, TABLE_NAME } = await import('../lambdas/store/dynamo.js');
    const r = await measureComplianceSweep(db, TABLE_NAME, students);
    console.log(`${r.students} students: reminders ${r.remindersMs} ms (${r.reminded} reminded), rerun ${r.rerunMs} ms, weekly digest ${r.digestMs} ms (${r.digests} students)`);
  });
}

if (isStandalone(import.meta.url)) await main(process.argv.slice(2));
