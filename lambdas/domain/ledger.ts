/**
 * A student's bill, computed from their ledger: enrollments plus immutable ledger entries.
 * Nothing here does I/O; `store/students.ts` reads the items in one Query and hands them over.
 *
 *   amount_due  = charges - credits            (per program)
 *   amount_paid = succeeded payments - refunds (per program)
 */
import type { PaymentDetails, PaymentHistoryEntry, ProgramBalance } from '../contract/students.js';
import { centsToDollars, type Cents } from './money.js';
import { PAYMENT_LIST_OF, PROGRAM_TYPES, type ProgramType } from './programs.js';

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

export function buildPaymentDetails(enrollments: Enrollment[], entries: LedgerEntry[]): PaymentDetails {
  const byProgram = new Map<string, { due: Cents; paid: Cents; history: PaymentHistoryEntry[] }>();
  for (const e of enrollments) byProgram.set(programKey(e.programType, e.programId), { due: 0, paid: 0, history: [] });

  for (const entry of entries) {
    const totals = byProgram.get(programKey(entry.programType, entry.programId));
    if (!totals) continue; // an entry for a program the student is not enrolled in is not billed here
    switch (entry.kind) {
      case 'charge': totals.due += entry.amountCents; break;
      case 'credit': totals.due -= entry.amountCents; break;
      case 'refund': totals.paid -= entry.amountCents; break;
      case 'payment':
        if (entry.status === 'succeeded' || entry.status === 'refunded') totals.paid += entry.amountCents;
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

  const details: PaymentDetails = { certificate_courses: [], diploma_programs: [], associate_programs: [], next_due_date: null };
  const owedDueDates: string[] = [];
  for (const type of PROGRAM_TYPES) {
    for (const e of enrollments.filter((x) => x.programType === type)) {
      const totals = byProgram.get(programKey(type, e.programId))!;
      const balance: ProgramBalance = {
        id: e.programId,
        program_type: type,
        program_name: e.programName,
        amount_due: centsToDollars(totals.due),
        amount_paid: centsToDollars(totals.paid),
        next_due_date: e.nextDueDate,
        // newest first: the spec's dialogs show "the latest 10"
        payment_history: totals.history.sort((a, b) => b.date.localeCompare(a.date)),
      };
      details[PAYMENT_LIST_OF[type]].push(balance);
      if (totals.due - totals.paid > 0 && e.nextDueDate) owedDueDates.push(e.nextDueDate);
    }
  }
  details.next_due_date = owedDueDates.sort()[0] ?? null;
  return details;
}
