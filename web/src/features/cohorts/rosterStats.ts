import { balanceOf, isPaidStudent } from '../../../../lambdas/domain/balance-status';
import type { PaymentDetails, ProgramBalance, StudentRecord } from '#contract/students';
import { totalCents } from '#shared/lib/money';

/** Every program of a student, whichever of the three lists it is in. */
export const programsOf = (details: PaymentDetails | null | undefined): ProgramBalance[] =>
  details ? [...(details.certificate_courses ?? []), ...(details.diploma_programs ?? []), ...(details.associate_programs ?? [])] : [];

export interface RosterStats {
  totalStudents: number;
  /** What the cohort still owes: a student in credit does not lower what the others owe. */
  totalOutstanding: number;
  /** What the cohort has paid so far, for the paid vs outstanding chart. */
  totalPaid: number;
  paidStudents: number;
  /** Paid students as a whole percent of the cohort (0 for an empty cohort). */
  paidPercent: number;
}

export function rosterStats(students: readonly StudentRecord[]): RosterStats {
  const outstandingCents = totalCents(students, (student) => Math.max(0, balanceOf(student.payment_details)));
  const programs = students.flatMap((student) => programsOf(student.payment_details));
  const paidCents = totalCents(programs, (program) => program.amount_paid);
  // isPaidStudent: a student without payment details counts as unpaid.
  const paidStudents = students.filter((student) => isPaidStudent(student.payment_details)).length;
  return {
    totalStudents: students.length,
    totalOutstanding: outstandingCents / 100,
    totalPaid: paidCents / 100,
    paidStudents,
    paidPercent: students.length === 0 ? 0 : Math.round((paidStudents / students.length) * 100),
  };
}
