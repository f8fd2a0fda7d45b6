import { balanceOf, csvPaymentStatus } from '../../../../lambdas/domain/balance-status';
import type { Cohort } from '#contract/cohorts';
import type { StudentRecord } from '#contract/students';
import { csvNumber, toCsv } from '#shared/lib/csv';
import { localIsoDate } from '#shared/lib/dates';
import { PROGRAM_TYPE_LABEL } from '#shared/lib/programs';
import { fullName, statusLabel } from './cohortFormat';

const COHORT_COLUMNS = ['Academic Year', 'Cohort #', 'Program Type', 'Program Name', 'Students', 'Start Date', 'End Date', 'Status'];

/** The Cohort Management export: the rows the filters show, as the table shows them. */
export function cohortsCsv(cohorts: readonly Cohort[]): string {
  return toCsv(
    COHORT_COLUMNS,
    cohorts.map((c) => [
      c.academic_year,
      c.cohort_number,
      PROGRAM_TYPE_LABEL[c.program_type] ?? c.program_type,
      c.program_name,
      c.student_count,
      c.start_date ?? '',
      c.end_date ?? '',
      statusLabel(c),
    ]),
  );
}

/** "cohorts-2026-03-07.csv": named with today's date. */
export const cohortsCsvFileName = (now = new Date()) => `cohorts-${localIsoDate(now)}.csv`;

/** Export List: the spec's columns, in its order. */
const ROSTER_COLUMNS = ['Name', 'Username', 'Email', 'Program Type', 'Current Balance', 'Payment Status', 'Enrollment Date'];

export function rosterCsv(cohort: Cohort, students: readonly StudentRecord[]): string {
  return toCsv(
    ROSTER_COLUMNS,
    students.map((student) => {
      const balance = balanceOf(student.payment_details);
      const programType = student.program_type ?? cohort.program_type;
      return [
        fullName(student),
        student.username,
        student.email,
        PROGRAM_TYPE_LABEL[programType] ?? programType,
        csvNumber(balance, 2),
        // "Paid" only at balance 0.
        csvPaymentStatus(balance),
        student.created_at.slice(0, 10),
      ];
    }),
  );
}

/** "cohort-2025-2026-1-students.csv": named by academic year and cohort number. */
export const rosterCsvFileName = (cohort: Pick<Cohort, 'academic_year' | 'cohort_number'>) => `cohort-${cohort.academic_year}-${cohort.cohort_number}-students.csv`;
