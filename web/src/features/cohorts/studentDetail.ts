import type { PaymentDetails, PaymentHistoryEntry, ProgramBalance } from '#contract/students';
import { programsOf } from './rosterStats';

/** The dialog shows the latest 10 payments, a number the spec fixes. */
export const PAYMENT_HISTORY_SHOWN = 10;

export interface EnrollmentGroup {
  title: 'Certificate' | 'Diploma' | 'Associates';
  programs: ProgramBalance[];
}

/** Program Enrollments, grouped as Certificate, Diploma, Associates; empty groups are left out. */
export function enrollmentGroups(details: PaymentDetails | null | undefined): EnrollmentGroup[] {
  if (!details) return [];
  const groups: EnrollmentGroup[] = [
    { title: 'Certificate', programs: details.certificate_courses ?? [] },
    { title: 'Diploma', programs: details.diploma_programs ?? [] },
    { title: 'Associates', programs: details.associate_programs ?? [] },
  ];
  return groups.filter((group) => group.programs.length > 0);
}

/** One program's balance, to the cent. */
export const programBalance = (program: ProgramBalance) => Math.round((program.amount_due - program.amount_paid) * 100) / 100;

export interface PaymentRow extends PaymentHistoryEntry {
  program_name: string;
}

/** The latest payments across every program, newest first. */
export function latestPayments(details: PaymentDetails | null | undefined, limit = PAYMENT_HISTORY_SHOWN): PaymentRow[] {
  return programsOf(details)
    .flatMap((program) => (program.payment_history ?? []).map((entry) => ({ ...entry, program_name: program.program_name })))
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
    .slice(0, limit);
}
