/**
 * Financial holds, worked out from the ledger at read time: a program with money still owed more than
 * PAST_DUE_HOLD_DAYS after its due date. Until payment plans bring holds of their own, this is the one hold, and
 * the only thing it blocks is clearance for clinicals (domain/clearance.ts): never paying, the bill, or one's records.
 */
import { addDays } from './compliance.js';
import { totalsByProgram, type Enrollment, type LedgerEntry } from './ledger.js';
import type { Cents } from './money.js';

/** Days past the due date before an unpaid balance holds a student back from clinicals: the school's grace period. */
export const PAST_DUE_HOLD_DAYS = 14;

export interface PastDue {
  programName: string;
  amountCents: Cents;
  /** The due date it has been owed since. */
  since: string;
}

/** The programs whose balance is past due beyond the grace period as of the school-local day `today`. */
export function pastDueHolds(enrollments: readonly Enrollment[], entries: readonly LedgerEntry[], today: string, graceDays = PAST_DUE_HOLD_DAYS): PastDue[] {
  return totalsByProgram([...enrollments], [...entries]).flatMap(({ enrollment, dueCents, paidCents }) => {
    const owed = dueCents - paidCents;
    const due = enrollment.nextDueDate?.slice(0, 10);
    return owed > 0 && due && addDays(due, graceDays) < today ? [{ programName: enrollment.programName, amountCents: owed, since: due }] : [];
  });
}
