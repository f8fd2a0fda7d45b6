/**
 * What the cart may ask for, checked against the student record (GET /api/students/{username}/):
 * every program's owed balance is amount_due - amount_paid, and the server refuses (400) any item
 * above it, and a total under $0.50. These rules let the cart and the checkout say so in plain words,
 * and fix it in one click, before any payment is started. Money is summed in integer cents.
 */
// Pure constants shared with the server (list names, fallback names), so both sides agree.
import { FALLBACK_PROGRAM_NAME, PAYMENT_LIST_OF, PROGRAM_TYPES } from '#contract/programs';
import type { ProgramType } from '#contract/programs';
import type { PaymentDetails } from '#contract/students';
import { formatDollars } from '#shared/lib/money';
import type { CartItem } from '#shared/cart/cartSlice';
import { cartLineTotal } from './cartLines';

/** Stripe refuses card payments under $0.50 (USD), and so does the server. */
export const MINIMUM_CHARGE = 0.5;
/** The least a student may type as a part payment, unless they owe less than that. */
export const MINIMUM_PART_PAYMENT = 1;

const cents = (dollars: number | string | null | undefined) => {
  const value = Number.parseFloat(String(dollars ?? 0));
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
};

export const programKey = (item: { program_type: ProgramType; program_id: string }) => `${item.program_type}#${item.program_id}`;

/** One program the student is enrolled in and what is still owed on it, in dollars (never below 0). */
export interface OwedProgram {
  programName: string;
  owed: number;
}

/** The student's programs by `programKey`, with what is owed on each. */
export type OwedByProgram = ReadonlyMap<string, OwedProgram>;

export function owedByProgram(details: PaymentDetails | null | undefined): OwedByProgram {
  const owed = new Map<string, OwedProgram>();
  if (!details) return owed;
  for (const programType of PROGRAM_TYPES) {
    for (const entry of details[PAYMENT_LIST_OF[programType]] ?? []) {
      const remaining = Math.max(0, cents(entry.amount_due) - cents(entry.amount_paid));
      owed.set(programKey({ program_type: programType, program_id: String(entry.id) }), {
        programName: entry.program_name?.trim() || FALLBACK_PROGRAM_NAME[programType],
        owed: remaining / 100,
      });
    }
  }
  return owed;
}

/** What is owed on an item's program: null when the record is unknown; 0 for a program not on it. */
export function owedFor(item: CartItem, owed: OwedByProgram | null): number | null {
  if (!owed) return null;
  return owed.get(programKey(item))?.owed ?? 0;
}

/**
 * A program whose cart lines ask for more than is owed on it: `over` (some is owed: the fix sets the
 * first line to what is owed, quantity 1, and drops the program's other lines) or `nothing_owed`
 * (the fix drops its lines).
 */
export interface CartProblem {
  kind: 'over' | 'nothing_owed';
  programName: string;
  /** The program's lines in the cart (usually one: the cart merges a program's items). */
  items: CartItem[];
  /** What the lines come to, in dollars. */
  asked: number;
  owed: number;
}

export function cartProblems(items: readonly CartItem[], owed: OwedByProgram | null): CartProblem[] {
  if (!owed) return [];
  const byProgram = new Map<string, CartItem[]>();
  for (const item of items) byProgram.set(programKey(item), [...(byProgram.get(programKey(item)) ?? []), item]);
  const problems: CartProblem[] = [];
  for (const [key, lines] of byProgram) {
    const program = owed.get(key);
    const owedCents = cents(program?.owed);
    const askedCents = lines.reduce((sum, line) => sum + cents(cartLineTotal(line)), 0);
    if (askedCents <= owedCents) continue;
    problems.push({
      kind: owedCents === 0 ? 'nothing_owed' : 'over',
      programName: program?.programName ?? lines[0].program_name,
      items: lines,
      asked: askedCents / 100,
      owed: owedCents / 100,
    });
  }
  return problems;
}

/** The problem in plain words, e.g. "Nursing Assistant: your cart asks for $3,000.00 (2 × $1,500.00), but you owe $1,500.00." */
export function problemText(problem: CartProblem): string {
  if (problem.kind === 'nothing_owed') return `${problem.programName}: you owe nothing on this program now, so there is nothing to pay.`;
  const [line] = problem.items;
  const detail = problem.items.length === 1 && line.quantity > 1 ? ` (${line.quantity} × ${formatDollars(line.amount)})` : '';
  return `${problem.programName}: your cart asks for ${formatDollars(problem.asked)}${detail}, but you owe ${formatDollars(problem.owed)}.`;
}

/** What one click on the fix does: set these lines to what is owed (quantity 1), remove those. */
export interface CartFix {
  set: Array<{ id: string; amount: number; quantity: 1 }>;
  remove: string[];
}

export function cartFix(problems: readonly CartProblem[]): CartFix {
  const fix: CartFix = { set: [], remove: [] };
  for (const problem of problems) {
    const [first, ...others] = problem.items;
    if (problem.kind === 'over') fix.set.push({ id: first.id, amount: problem.owed, quantity: 1 });
    else fix.remove.push(first.id);
    fix.remove.push(...others.map((item) => item.id));
  }
  return fix;
}

/** Under Stripe's minimum: the card payment cannot be made at all (the server says so too). */
export function belowMinimumText(total: number): string | null {
  if (total <= 0 || cents(total) >= cents(MINIMUM_CHARGE)) return null;
  return `Card payments must be at least ${formatDollars(MINIMUM_CHARGE)}, and your cart comes to ${formatDollars(total)}. Please contact Admissions to settle this balance.`;
}

/**
 * The problem with an amount typed into a bill item's "Amount to pay" field, in a plain sentence,
 * or null when it can be paid: at least $1.00 (or all of a smaller balance), at most what is owed
 * when that is known, dollars with at most two decimals.
 */
export function amountProblem(text: string, owed: number | null, programName: string): string | null {
  const typed = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (typed === '') return 'Enter the amount you want to pay';
  if (/^\d*\.\d{3,}$/.test(typed)) return 'Enter the amount in dollars and cents, with at most two decimals';
  if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(typed)) return 'Enter the amount as a number, such as 250.00';
  const amount = cents(typed);
  if (owed !== null && cents(owed) === 0) return `You owe nothing for ${programName} now`;
  const minimum = owed !== null ? Math.min(cents(MINIMUM_PART_PAYMENT), cents(owed)) : cents(MINIMUM_PART_PAYMENT);
  if (amount < minimum) return `Enter an amount of at least ${formatDollars(minimum / 100)}`;
  if (owed !== null && amount > cents(owed)) return `You owe ${formatDollars(owed)} for ${programName}; enter at most that`;
  return null;
}

/** The amount of a field that `amountProblem` accepted, in dollars. */
export const typedAmount = (text: string) => cents(text.trim().replace(/^\$/, '').replace(/,/g, '')) / 100;
