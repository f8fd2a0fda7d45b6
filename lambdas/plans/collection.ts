/**
 * Collecting payment plans: the daily sweep's steps (jobs table: payment-plans-sweep) and what Stripe's events of an
 * installment's debit do to its plan and to the ledger (the webhook). The rules are domain/plan-collection.ts; here
 * they are carried out, each step one DynamoDB transaction conditional on the plan's version (store/payment-plan.ts
 * changePlan), so the sweep and the webhook racing on one plan re-read instead of overwriting each other.
 *
 * Money enters the ledger only from a verified `payment_intent.succeeded`: the sweep records what Stripe answered to
 * the off-session debit as the attempt's outcome (a card debit that succeeded at once is `processing` until its event
 * arrives), and the event marks the installment paid and posts the payment (a payment record, as a checkout's, so
 * receipts, refunds and reconciliation find it) in one transaction with the event's marker. Stripe may deliver the
 * event before the sweep has written the attempt: the event then records the attempt itself (metadata names plan,
 * installment and attempt), and the sweep's later write finds it already decided.
 */
import { studentSubject } from '../domain/audit-subjects.js';
import { schoolDay } from '../domain/clock.js';
import type { LedgerEntry } from '../domain/ledger.js';
import { vaStanding } from '../domain/financial-holds.js';
import { isPaid, owedByProgram, settleSucceeded } from '../domain/payment-state.js';
import { applyAttemptOutcome, markPastDue, planStatus, recordLateFee, recordReturnedFee, type Attempt, type PlanForSweep, type SweepAction } from '../domain/plan-collection.js';
import { noticePut } from '../notify/events.js';
import { logger } from '../observability/powertools.js';
import { auditPut } from '../store/audit.js';
import { TABLE_NAME, transactWrite, type TransactItems } from '../store/dynamo.js';
import { appliedEventPut, getPaymentByIntent, paymentItems, type PaymentRecord } from '../store/payment.js';
import { refundExcess, type ApplyOutcome } from '../store/payment-events.js';
import { stripe } from '../store/payment-gateway.js';
import { changePlan, getPlan, planWrite, type PaymentPlanRecord } from '../store/payment-plan.js';
import { INSTALLMENT_METADATA_KIND, type InstallmentRef, type StripeFact } from '../store/stripe-events.js';
import { getStudentLedger, ledgerItem, type StudentRef } from '../store/student.js';
import { balanceUpdate, ensureOwedCounters, owedChange } from '../store/student-ledger.js';

export const forSweep = (plan: PaymentPlanRecord, vaPaymentPending: boolean): PlanForSweep => ({
  id: plan.id,
  status: plan.status,
  autopay: plan.autopay,
  installments: plan.installments,
  terms: plan.terms,
  vaPaymentPending,
});

/** Whether the student is a VA chapter 31/33 beneficiary whose VA payment is pending (no late or returned fees). */
export const vaPending = (profile: { vaBenefit?: { paymentPending: boolean } }) => vaStanding(profile).paymentPending;

type ChargeAction = Pick<Extract<SweepAction, { kind: 'charge' }>, 'seq' | 'attempt' | 'amountCents' | 'idempotencyKey'>;
export interface ChargeAnswer {
  intentId: string;
  outcome: Attempt['outcome'];
  code?: string;
  /** On session, when the bank wants the student: its authentication page (Stripe's next_action.redirect_to_url). */
  nextActionUrl?: string;
}

/** What Stripe answered to a debit, as the attempt's outcome (a card that succeeded at once is still only processing). */
function answerOf(intent: {
  id: string;
  status: string;
  next_action?: { redirect_to_url?: { url?: string | null } | null } | null;
  last_payment_error?: { decline_code?: string; code?: string } | null;
}): ChargeAnswer {
  // succeeded at once (a card) is still only money on its way until the verified event records it
  if (intent.status === 'succeeded' || intent.status === 'processing') return { intentId: intent.id, outcome: 'processing' };
  if (intent.status === 'requires_action') {
    const url = intent.next_action?.redirect_to_url?.url;
    return { intentId: intent.id, outcome: 'authentication_required', code: 'authentication_required', ...(url ? { nextActionUrl: url } : {}) };
  }
  const code = intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code;
  return { intentId: intent.id, outcome: 'declined', ...(code ? { code } : {}) };
}

/** A decline or a card needing its holder comes back as Stripe's 402 card error carrying the intent. */
function refusalOf(error: unknown): ChargeAnswer {
  const e = error as { type?: string; code?: string; decline_code?: string; payment_intent?: { id: string } };
  if (e.type !== 'StripeCardError' || !e.payment_intent) throw error;
  if (e.code === 'authentication_required') return { intentId: e.payment_intent.id, outcome: 'authentication_required', code: 'authentication_required' };
  const code = e.decline_code ?? e.code;
  return { intentId: e.payment_intent.id, outcome: 'declined', ...(code ? { code } : {}) };
}

/**
 * The debit of one attempt on the plan's saved card or bank account: off session by the sweep, or on session with
 * `returnUrl` when the student pressed Pay now (a card needing authentication then answers requires_action with the
 * bank's page, instead of failing). The idempotency key is the attempt's (plan, installment, attempt): a sweep that
 * stopped after Stripe answered asks again and gets the same intent (or the same decline) back, never a second debit;
 * a Pay now racing the sweep for the same attempt is refused by Stripe (the same key with other parameters), never a
 * second debit either (https://docs.stripe.com/payments/save-and-reuse#charge-saved-payment-method,
 * https://docs.stripe.com/api/idempotent_requests).
 */
export async function chargeInstallment(plan: PaymentPlanRecord, action: ChargeAction, returnUrl?: string): Promise<ChargeAnswer> {
  if (!plan.customerId || !plan.paymentMethod) throw new Error(`Payment plan ${plan.id} has no saved payment method`);
  const client = await stripe();
  try {
    const intent = await client.paymentIntents.create(
      {
        amount: action.amountCents,
        currency: 'usd',
        customer: plan.customerId,
        payment_method: plan.paymentMethod.id,
        confirm: true,
        ...(returnUrl ? { return_url: returnUrl } : { off_session: true }),
        description: `${plan.programName}: payment plan payment`,
        metadata: { kind: INSTALLMENT_METADATA_KIND, plan: plan.id, installment: String(action.seq), attempt: String(action.attempt), student: plan.username },
      },
      { idempotencyKey: action.idempotencyKey },
    );
    return answerOf(intent);
  } catch (error) {
    return refusalOf(error);
  }
}

/**
 * The student, on session, completes a debit their bank wanted them for (an attempt in action_needed): the same
 * PaymentIntent confirmed again with the plan's method and `returnUrl`, as Stripe recommends for an off-session
 * authentication_required (https://docs.stripe.com/payments/save-and-reuse#charge-saved-payment-method, "Recover").
 */
export async function completeInstallment(plan: PaymentPlanRecord, intentId: string, returnUrl: string): Promise<ChargeAnswer> {
  if (!plan.paymentMethod) throw new Error(`Payment plan ${plan.id} has no saved payment method`);
  const client = await stripe();
  try {
    return answerOf(await client.paymentIntents.confirm(intentId, { payment_method: plan.paymentMethod.id, return_url: returnUrl }));
  } catch (error) {
    return refusalOf(error);
  }
}

/** The notice asking the student to complete a payment their bank wants them present for (one per intent). */
const actionNeededNotice = (plan: PaymentPlanRecord, seq: number, intentId: string) =>
  noticePut({
    event: 'payment-plan.action_needed',
    entity: intentId,
    template: 'plan_action_needed',
    params: { planId: plan.id, program: plan.programName, amountCents: plan.installments.find((i) => i.seq === seq)?.amountCents ?? 0 },
    audience: { kind: 'students', usernames: [plan.username] },
  });

/**
 * Records an attempt's outcome on its installment (applyAttemptOutcome), with the action-needed notice when the bank
 * wants the student and they are not there (`notify`: the sweep; not a Pay now, whose student is sent to the bank's
 * page at once). Nothing is written when the attempt already has a final outcome (its event came first).
 */
export function recordAttempt(asRead: PaymentPlanRecord, action: ChargeAction, answer: ChargeAnswer, today: string, at: string, vaPaymentPending: boolean, notify = true) {
  return changePlan(
    asRead.id,
    async (plan) => {
      const result = applyAttemptOutcome(forSweep(plan, vaPaymentPending), action.seq, { n: action.attempt, on: today, intentId: answer.intentId }, answer.outcome, answer.code);
      if (result.installments === plan.installments) return null;
      const items: TransactItems = answer.outcome === 'authentication_required' && notify ? [actionNeededNotice(plan, action.seq, answer.intentId)] : [];
      return { plan: { ...plan, installments: result.installments, status: result.status }, items };
    },
    at,
    asRead,
  );
}

/** A fee posted by the plan's rules: an ordinary charge on the plan's program. */
const feeEntry = (plan: PaymentPlanRecord, entryId: string, amountCents: number, createdAt: string, reason: string): LedgerEntry => ({
  entryId,
  kind: 'charge',
  programType: plan.programType,
  programId: plan.programId,
  amountCents,
  createdAt,
  reason,
});

/**
 * A fee's ledger entry with the program's owed counter and the cached balance, for the plan's own transaction, and its
 * audit entry: a fee posted by the plan's rules is the system's act on a student's account, logged as staff's are.
 */
function feeItems(
  ref: StudentRef & { firstName?: string },
  plan: PaymentPlanRecord,
  entries: LedgerEntry[],
  action: 'payment-plan.late_fee' | 'payment-plan.returned_fee',
): TransactItems {
  const total = entries.reduce((n, e) => n + e.amountCents, 0);
  if (total === 0) return [];
  return [
    ...entries.map((entry) => ({ Put: { TableName: TABLE_NAME, Item: ledgerItem(ref, entry), ConditionExpression: 'attribute_not_exists(pk)' } })),
    owedChange(plan.username, plan, total),
    balanceUpdate(plan.username, total),
    auditPut({
      actor: 'system',
      action,
      entityType: 'student',
      entityId: plan.username,
      subject: studentSubject(ref),
      after: { plan: plan.id, program: plan.programName, fees: entries.map((e) => ({ entry: e.entryId, amount: e.amountCents, reason: e.reason })) },
    }),
  ];
}

/**
 * The sweep's mark_past_due and late_fee actions of one plan, in one transaction: the installments marked past due,
 * each late fee an ordinary charge (its id derived from plan and installment, so it can exist once) recorded on its
 * installment. The actions are worked out again from the plan as read, so a rerun finds the fee already there.
 */
export async function markLate(
  asRead: PaymentPlanRecord,
  actions: SweepAction[],
  ref: StudentRef & { firstName?: string },
  today: string,
  at: string,
): Promise<PaymentPlanRecord | null> {
  const wanted = actions.filter((a) => a.kind === 'mark_past_due' || a.kind === 'late_fee');
  if (wanted.length === 0) return null;
  return changePlan(
    asRead.id,
    async (plan) => {
      let installments = plan.installments;
      const fees: LedgerEntry[] = [];
      for (const action of wanted) {
        if (action.kind === 'mark_past_due') installments = markPastDue(installments, action.seq);
        else if (installments.find((i) => i.seq === action.seq)?.lateFee === null) {
          const entry = feeEntry(plan, `late-fee-${plan.id}-${action.seq}`, action.amountCents, at, `Payment plan late fee (${plan.templateName}, payment ${action.seq})`);
          fees.push(entry);
          installments = recordLateFee(installments, action.seq, entry.entryId, today);
        }
      }
      if (JSON.stringify(installments) === JSON.stringify(plan.installments)) return null;
      return { plan: { ...plan, installments, status: planStatus(plan.status, installments) }, items: feeItems(ref, plan, fees, 'payment-plan.late_fee') };
    },
    at,
    asRead,
  );
}

/** The sweep's reminders of one plan: each notice once (its key kept on the plan in the same transaction). */
export function sendReminders(asRead: PaymentPlanRecord, actions: SweepAction[], at: string) {
  const reminders = actions.filter((a): a is Extract<SweepAction, { kind: 'remind' }> => a.kind === 'remind');
  if (reminders.length === 0) return Promise.resolve(null);
  return changePlan(
    asRead.id,
    async (plan) => {
      const due = reminders.filter((r) => !plan.sentReminders.includes(r.key));
      if (due.length === 0) return null;
      const items = due.map((r) => {
        const inst = plan.installments.find((i) => i.seq === r.seq);
        return noticePut({
          event: 'payment-plan.reminder',
          entity: plan.id,
          occasion: `${r.seq}-${r.daysBefore}d`,
          template: 'plan_payment_due',
          params: { planId: plan.id, program: plan.programName, amountCents: inst?.amountCents ?? 0, dueOn: inst?.dueOn ?? '', days: r.daysBefore, autopay: plan.autopay },
          audience: { kind: 'students', usernames: [plan.username] },
        });
      });
      return { plan: { ...plan, sentReminders: [...plan.sentReminders, ...due.map((r) => r.key)] }, items };
    },
    at,
    asRead,
  );
}

export type InstallmentFact = Extract<StripeFact, { kind: 'succeeded' | 'failed' | 'processing' }> & { installment: InstallmentRef };

/**
 * A verified event of an installment debit, applied once (its marker is in the transaction):
 *  - succeeded: the installment is paid and the payment posted to the ledger (record, entry, owed counter, balance),
 *    all in one transaction; money beyond what the program owes is refunded as any payment's excess;
 *  - processing: the attempt is recorded as processing (ACH) if the sweep has not yet;
 *  - payment_failed: the attempt is declined (a card), failed (an ACH debit returned after processing: the
 *    returned-payment fee is an ordinary charge in the same transaction) or waiting for the student's authentication;
 *    the installment is open for its next attempt, or past due after the last.
 */
export async function applyInstallmentFact(fact: InstallmentFact): Promise<ApplyOutcome> {
  const { planId, seq, attempt } = fact.installment;
  for (let tries = 1; tries <= 10; tries++) {
    const plan = await getPlan(planId);
    const inst = plan?.installments.find((i) => i.seq === seq);
    if (!plan || !inst) return 'unknown-intent';
    const ledger = await getStudentLedger(plan.username);
    if (!ledger) return 'unknown-intent';
    if (!(await ensureOwedCounters(ledger))) continue;
    const va = vaPending(ledger.profile);
    const previous = inst.attempts.find((a) => a.n === attempt);
    const outcome: Attempt['outcome'] =
      fact.kind === 'succeeded'
        ? 'succeeded'
        : fact.kind === 'processing'
          ? 'processing'
          : fact.code === 'authentication_required'
            ? 'authentication_required'
            : previous?.outcome === 'processing'
              ? 'failed'
              : 'declined';
    let result;
    try {
      result = applyAttemptOutcome(
        forSweep(plan, va),
        seq,
        { n: attempt, on: schoolDay(new Date(fact.at)), intentId: fact.intentId },
        outcome,
        fact.kind === 'failed' ? fact.code : undefined,
      );
    } catch (error) {
      // an attempt the plan cannot have (not the next one): nothing to record on it
      logger.error('Installment event for an attempt the plan does not expect', { planId, seq, attempt, error: (error as Error).message });
      return 'ignored';
    }
    let installments = result.installments;
    const items: TransactItems = [appliedEventPut(fact.eventId, `payment_intent.${fact.kind === 'failed' ? 'payment_failed' : fact.kind}`)];
    let payment: PaymentRecord | null = null;
    if (fact.kind === 'succeeded') {
      const existing = await getPaymentByIntent(fact.intentId);
      if (!existing || !isPaid(existing.status)) {
        if (existing) {
          logger.error('An installment debit has a payment record that is not paid', { intentId: fact.intentId });
          return 'refused';
        }
        const method = plan.paymentMethod?.type === 'us_bank_account' ? 'us_bank_account' : 'card';
        payment = {
          intentId: fact.intentId,
          username: plan.username,
          studentName: `${ledger.profile.firstName} ${ledger.profile.lastName}`.trim(),
          amountCents: fact.amountCents,
          refundedCents: 0,
          status: 'succeeded',
          currency: 'usd',
          createdAt: fact.at,
          updatedAt: fact.at,
          method,
          methodDetail: plan.paymentMethod?.label ?? null,
          failureMessage: null,
          items: [{ programType: plan.programType, programId: plan.programId, programName: plan.programName, amountCents: fact.amountCents, refundedCents: 0 }],
          refundIds: [],
          excess: null,
          version: 1,
        };
        const settled = settleSucceeded(payment, owedByProgram(ledger.enrollments, ledger.entries), fact.at);
        payment.excess = settled.excess;
        const [record, lookup] = paymentItems(payment);
        items.push(
          { Put: { TableName: TABLE_NAME, Item: record, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: TABLE_NAME, Item: lookup, ConditionExpression: 'attribute_not_exists(pk)' } },
          ...settled.entries.map((entry) => ({
            Put: { TableName: TABLE_NAME, Item: ledgerItem(ledger.profile, { ...entry, method }), ConditionExpression: 'attribute_not_exists(pk)' },
          })),
          ...settled.entries.map((entry) => owedChange(plan.username, entry, -entry.amountCents, entry.amountCents)),
          ...(settled.balanceDeltaCents ? [balanceUpdate(plan.username, settled.balanceDeltaCents)] : []),
        );
      }
    }
    if (result.returnedFee) {
      const entry = feeEntry(plan, `returned-fee-${fact.intentId}`, result.returnedFee, fact.at, `Payment plan returned payment fee (${plan.templateName}, payment ${seq})`);
      installments = recordReturnedFee(installments, seq, entry.entryId);
      items.push(...feeItems(ledger.profile, plan, [entry], 'payment-plan.returned_fee'));
    }
    const planChanged = JSON.stringify(installments) !== JSON.stringify(plan.installments);
    if (planChanged) {
      const next = { ...plan, installments, status: result.status };
      items.push(planWrite(plan, next, fact.at));
      if (outcome === 'authentication_required') items.push(actionNeededNotice(plan, seq, fact.intentId));
    }
    if (!planChanged && !payment) {
      // nothing left to do: the event (or another of the same intent) was applied before
      return 'duplicate';
    }
    const written = await transactWrite(items);
    if (written.ok) {
      if (payment?.excess) await refundExcess(fact.intentId);
      return 'applied';
    }
    if (written.failedConditions.includes(0)) return 'duplicate';
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** Math.min(tries, 5)));
  }
  throw new Error(`installment event for ${fact.intentId}: the plan kept changing under 10 attempts`);
}
