/**
 * The My Bill rules, free of React so they are unit-tested on their own.
 * Sums run in integer cents: dollars from the API (or decimal strings from older servers)
 * must not collect floating-point dust.
 */
// Pure constants shared with the server (list names, fallback names), so both sides agree.
import { FALLBACK_PROGRAM_NAME, PAYMENT_LIST_OF, PROGRAM_TYPES } from '#contract/programs';
import type { NewCartItem } from '../cart/useAddToCart';
import { totalCents } from './money';
import type { ProgramType } from '#contract/programs';

type Amount = number | string | null | undefined;

/** One entry of a payment_details list as the spec allows it: `amount_*` or `total_*` names. */
export interface BillEntry {
  id: string | number;
  program_name?: string | null;
  amount_due?: Amount;
  total_due?: Amount;
  amount_paid?: Amount;
  total_paid?: Amount;
}

/** payment_details as read here; the server's `PaymentDetails` fits it. */
export type BillDetails = { [list in (typeof PAYMENT_LIST_OF)[ProgramType]]?: readonly BillEntry[] | null } & {
  next_due_date?: string | null;
};

/** One program of the bill: what is left to pay (due minus paid), in dollars. */
export interface ProgramBill {
  programType: ProgramType;
  programId: string;
  programName: string;
  remaining: number;
}

function toCents(amount: Amount): number {
  const dollars = Number.parseFloat(String(amount ?? 0));
  return Number.isFinite(dollars) ? Math.round(dollars * 100) : 0;
}

const remainingCents = (entry: BillEntry) => toCents(entry.amount_due ?? entry.total_due) - toCents(entry.amount_paid ?? entry.total_paid);

/** Every program of the three lists (certificate, diploma, associates order), with the fallback names. */
export function programBills(details: BillDetails): ProgramBill[] {
  return PROGRAM_TYPES.flatMap((programType) =>
    (details[PAYMENT_LIST_OF[programType]] ?? []).map((entry) => ({
      programType,
      programId: String(entry.id),
      programName: entry.program_name?.trim() || FALLBACK_PROGRAM_NAME[programType],
      remaining: remainingCents(entry) / 100,
    })),
  );
}

/** Balance = sum over the three lists of (due - paid); an overpaid program offsets the others. */
export function billBalance(details: BillDetails): number {
  return totalCents(programBills(details), (bill) => bill.remaining) / 100;
}

/** The programs the student still owes on (remaining balance above 0). */
export function owedPrograms(details: BillDetails): ProgramBill[] {
  return programBills(details).filter((bill) => bill.remaining > 0);
}

/**
 * "Add bill to cart": one installment item per owed program, all with the bill's shared
 * next due date.
 */
export function billCartItems(details: BillDetails): NewCartItem[] {
  return owedPrograms(details).map((bill) => ({
    program_id: bill.programId,
    program_type: bill.programType,
    program_name: bill.programName,
    amount: bill.remaining,
    payment_type: 'installment',
    due_date: details.next_due_date ?? null,
  }));
}
