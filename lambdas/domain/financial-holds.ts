/**
 * Financial holds, worked out at read time from the ledger and the student's payment plans, never stored: a hold is
 * on while its condition holds and lifts by itself the moment it stops (a payment confirmed, a credit posted).
 *
 *  - installment_past_due: a plan (active or past due) with an installment past due more than
 *    `installmentPastDueDays` after its due date. One hold per plan, for the plan's whole arrears, since the oldest
 *    past-due installment's due date.
 *  - balance_past_due: a program balance (ledger.ts totalsByProgram: due - paid) of at least `thresholdCents`, still
 *    owed more than `days` after the enrollment's next due date. Not for a program an active or past-due plan covers:
 *    that plan's own rule decides.
 *  - No hold at all while a VA beneficiary's VA payment is pending: 38 U.S.C. 3679(e) forbids denying a chapter 31/33
 *    student access to classes, libraries or other institutional facilities for a VA payment that has not arrived.
 *
 * What a hold may block is the school's rules (`blocks`); what it never blocks is NEVER_BLOCKED. Transcript holds are
 * never modelled: 34 CFR 668.14(b)(33)-(34) (the program participation agreement) limits withholding transcripts (a
 * balance from the school's own Title IV errors, periods the student paid for), and the school withholds none.
 */
import { longDate } from './clock.js';
import { addDays } from './compliance.js';
import { totalsByProgram, type Enrollment, type LedgerEntry } from './ledger.js';
import type { HoldBlock } from '../contract/holds.js';
import { usd as dollars, type Cents } from './money.js';
import type { Installment, PlanStatus } from './plan-collection.js';

export interface HoldRules {
  /** Days an installment may be past due (after its due date) before it holds the student. */
  installmentPastDueDays: number;
  /** A program balance outside a plan: at least `thresholdCents` still owed more than `days` after its due date; null: never. */
  balancePastDue: { thresholdCents: Cents; days: number } | null;
  /** What a hold blocks. */
  blocks: { planEnrollment: boolean; clinicalClearance: boolean };
}

export const DEFAULT_HOLD_RULES: HoldRules = {
  installmentPastDueDays: 14,
  balancePastDue: { thresholdCents: 50_000, days: 30 },
  blocks: { planEnrollment: true, clinicalClearance: true },
};

export type { HoldBlock };

export interface Hold {
  kind: 'installment_past_due' | 'balance_past_due';
  programName: string;
  amountCents: Cents;
  /** The due date it has been owed since. */
  since: string;
  /** Why, in a sentence the student reads. */
  reason: string;
  /** What lifts it, in a sentence the student reads. */
  howToClear: string;
  blocks: HoldBlock[];
}

/** What a hold never blocks, whatever the rules: for the UI and the tests. */
export const NEVER_BLOCKED: readonly string[] = ['paying', 'viewing the bill', "reading one's own records", 'transcripts'];

/** Plans whose own rule decides their program's holds. */
const COLLECTING: ReadonlySet<PlanStatus> = new Set(['active', 'past_due']);

const blocksOf = (rules: HoldRules): HoldBlock[] => [
  ...(rules.blocks.planEnrollment ? (['plan_enrollment'] as const) : []),
  ...(rules.blocks.clinicalClearance ? (['clinical_clearance'] as const) : []),
];

export interface HoldInput {
  enrollments: Enrollment[];
  entries: LedgerEntry[];
  plans: Array<{ programName: string; status: PlanStatus; installments: Installment[] }>;
  rules: HoldRules;
  today: string;
  va: { beneficiary: boolean; paymentPending: boolean };
}

/** The holds on a student as of the school-local day `today`. */
export function activeHolds(input: HoldInput): Hold[] {
  const { rules, today } = input;
  if (input.va.beneficiary && input.va.paymentPending) return []; // 38 U.S.C. 3679(e)
  const blocks = blocksOf(rules);
  const collecting = input.plans.filter((p) => COLLECTING.has(p.status));
  const holds: Hold[] = [];

  for (const plan of collecting) {
    const pastDue = plan.installments.filter((i) => i.status === 'past_due');
    if (!pastDue.some((i) => addDays(i.dueOn, rules.installmentPastDueDays) < today)) continue;
    const amountCents = pastDue.reduce((n, i) => n + i.amountCents, 0);
    const since = pastDue.map((i) => i.dueOn).reduce((a, b) => (b < a ? b : a));
    const what = pastDue.length === 1 ? 'Installment' : `${pastDue.length} installments`;
    holds.push({
      kind: 'installment_past_due',
      programName: plan.programName,
      amountCents,
      since,
      reason: `${what} of ${dollars(amountCents)} for ${plan.programName} past due since ${longDate(since)}`,
      howToClear: `Pay the ${dollars(amountCents)} past due from My Bill; the hold lifts as soon as the payment is confirmed.`,
      blocks,
    });
  }

  const rule = rules.balancePastDue;
  if (rule) {
    const covered = new Set(collecting.map((p) => p.programName));
    for (const { enrollment, dueCents, paidCents } of totalsByProgram(input.enrollments, input.entries)) {
      const owed = dueCents - paidCents;
      const due = enrollment.nextDueDate?.slice(0, 10);
      if (covered.has(enrollment.programName) || !due || owed <= 0 || owed < rule.thresholdCents || addDays(due, rule.days) >= today) continue;
      holds.push({
        kind: 'balance_past_due',
        programName: enrollment.programName,
        amountCents: owed,
        since: due,
        reason: `Balance of ${dollars(owed)} for ${enrollment.programName} past due since ${longDate(due)}`,
        howToClear: `Pay the ${dollars(owed)} owed from My Bill; the hold lifts as soon as the payment is confirmed.`,
        blocks,
      });
    }
  }
  return holds;
}

/** The holds that block `block`. */
export const blocksAction = (holds: readonly Hold[], block: HoldBlock): Hold[] => holds.filter((h) => h.blocks.includes(block));

/** What the VA rule needs of a student's profile (38 U.S.C. 3679(e)): a beneficiary, and whether a VA payment is pending. */
export const vaStanding = (profile: { vaBenefit?: { paymentPending: boolean } }): HoldInput['va'] => ({
  beneficiary: Boolean(profile.vaBenefit),
  paymentPending: profile.vaBenefit?.paymentPending ?? false,
});
