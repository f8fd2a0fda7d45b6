/**
 * What a student may pay, decided by the server from their ledger, never from the client's numbers:
 * every item names a program the student is enrolled in, pays more than 0 and at most what is still
 * owed on it (partial payments are fine), no program twice, and the total equals the items.
 */
import { Invalid } from './errors.js';
import { totalsByProgram, type Enrollment, type LedgerEntry } from './ledger.js';
import { FALLBACK_PROGRAM_NAME, type ProgramType } from '../contract/programs.js';
import { centsToDollars, type Cents } from './money.js';

export interface RequestedItem {
  programType: ProgramType;
  programId: string;
  amountCents: Cents;
}

export interface Allocation extends RequestedItem {
  programName: string;
}

/** Stripe refuses charges under $0.50 (USD); saying so here gives the student a clear message. */
export const MINIMUM_CHARGE_CENTS = 50;

const dollars = (cents: Cents) => centsToDollars(cents).toFixed(2);

export function planPayment(enrollments: Enrollment[], entries: LedgerEntry[], items: RequestedItem[], totalCents: Cents): Allocation[] {
  const programs = totalsByProgram(enrollments, entries);
  const seen = new Set<string>();
  const allocations = items.map((item, i) => {
    const field = `items.${i}`;
    const key = `${item.programType}#${item.programId}`;
    if (seen.has(key)) throw new Invalid(`${field}.program_id: lists the same program twice`);
    seen.add(key);
    const program = programs.find((p) => p.enrollment.programType === item.programType && p.enrollment.programId === item.programId);
    if (!program) throw new Invalid(`${field}.program_id: is not a program this student is enrolled in`);
    const name = program.enrollment.programName || FALLBACK_PROGRAM_NAME[item.programType];
    if (item.amountCents <= 0) throw new Invalid(`${field}.amount: must be greater than 0`);
    const owed = program.dueCents - program.paidCents;
    if (item.amountCents > owed) {
      throw new Invalid(`${field}.amount: ${dollars(item.amountCents)} is more than the ${dollars(Math.max(owed, 0))} owed for ${name}`);
    }
    return { ...item, programName: name };
  });
  const sum = allocations.reduce((n, a) => n + a.amountCents, 0);
  if (sum !== totalCents) throw new Invalid(`totalCost: ${dollars(totalCents)} does not equal the items' sum of ${dollars(sum)}`);
  if (totalCents < MINIMUM_CHARGE_CENTS) throw new Invalid(`totalCost: must be at least ${dollars(MINIMUM_CHARGE_CENTS)}`);
  return allocations;
}
