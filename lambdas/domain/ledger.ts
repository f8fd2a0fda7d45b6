/**
 * A student's bill, computed from their ledger: enrollments plus immutable ledger entries.
 * Nothing here does I/O; `store/student.ts` reads the items in one Query and hands them over.
 *
 *   amount_due  = charges - credits            (per program)
 *   amount_paid = succeeded payments - refunds (per program)
 */
import type { PaymentDetails, PaymentHistoryEntry, ProgramBalance } from '../contract/students.js';
import { centsToDollars, type Cents } from './money.js';
import { PAYMENT_LIST_OF, PROGRAM_TYPES, type ProgramType } from '../contract/programs.js';

export interface Enrollment {
  programType: ProgramType;
  programId: string;
  programName: string;
  nextDueDate: string | null;
  enrolledAt: string;
}

export type LedgerKind = 'charge' | 'credit' | 'payment' | 'refund';

export interface LedgerEntry {
  entryId: string;
  kind: LedgerKind;
  programType: ProgramType;
  programId: string;
  amountCents: Cents;
  createdAt: string;
  /** Payments only. */
  status?: PaymentHistoryEntry['status'];
  method?: string;
  reference?: string;
  reason?: string;
}

const programKey = (type: ProgramType, id: string) => `${type}#${id}`;

export interface ProgramTotals {
  enrollment: Enrollment;
  dueCents: Cents;
  paidCents: Cents;
  history: PaymentHistoryEntry[];
}

/** Per enrolled program: what is charged, what is paid, and the payment history (newest first). */
export function totalsByProgram(enrollments: Enrollment[], entries: LedgerEntry[]): ProgramTotals[] {
  const byProgram = new Map<string, ProgramTotals>();
  for (const enrollment of enrollments) {
    byProgram.set(programKey(enrollment.programType, enrollment.programId), { enrollment, dueCents: 0, paidCents: 0, history: [] });
  }
  for (const entry of entries) {
    const totals = byProgram.get(programKey(entry.programType, entry.programId));
    if (!totals) continue; // an entry for a program the student is not enrolled in is not billed here
    switch (entry.kind) {
      case 'charge':
        totals.dueCents += entry.amountCents;
        break;
      case 'credit':
        totals.dueCents -= entry.amountCents;
        break;
      case 'refund':
        totals.paidCents -= entry.amountCents;
        break;
      case 'payment':
        if (entry.status === 'succeeded' || entry.status === 'refunded') totals.paidCents += entry.amountCents;
        totals.history.push({
          id: entry.entryId,
          date: entry.createdAt,
          amount: centsToDollars(entry.amountCents),
          method: entry.method ?? 'card',
          status: entry.status ?? 'pending',
          reference: entry.reference ?? '',
        });
        break;
    }
  }
  const all = [...byProgram.values()];
  // newest first: the spec's dialogs show "the latest 10"
  for (const totals of all) totals.history.sort((a, b) => b.date.localeCompare(a.date));
  return all;
}

export function buildPaymentDetails(enrollments: Enrollment[], entries: LedgerEntry[]): PaymentDetails {
  const details: PaymentDetails = { certificate_courses: [], diploma_programs: [], associate_programs: [], next_due_date: null };
  const owedDueDates: string[] = [];
  const totals = totalsByProgram(enrollments, entries);
  for (const type of PROGRAM_TYPES) {
    for (const { enrollment: e, dueCents, paidCents, history } of totals.filter((t) => t.enrollment.programType === type)) {
      const balance: ProgramBalance = {
        id: e.programId,
        program_type: type,
        program_name: e.programName,
        amount_due: centsToDollars(dueCents),
        amount_paid: centsToDollars(paidCents),
        next_due_date: e.nextDueDate,
        payment_history: history,
      };
      details[PAYMENT_LIST_OF[type]].push(balance);
      if (dueCents - paidCents > 0 && e.nextDueDate) owedDueDates.push(e.nextDueDate);
    }
  }
  details.next_due_date = owedDueDates.sort()[0] ?? null;
  return details;
}
