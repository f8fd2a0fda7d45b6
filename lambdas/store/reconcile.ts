/**
 * Reconciliation: each payment opened in a date range, compared with what Stripe holds, and what the
 * portal missed recorded (a webhook that never arrived, a refund event dropped, an excess refund that
 * was never asked for). Every repair goes through the same appliers as Stripe's events, so it is
 * applied once however often reconciliation runs, with its audit entry in the same transaction.
 * What cannot be explained (Stripe and the portal disagree on an amount, Stripe holds a payment the
 * portal never opened) is listed for finance, not guessed at.
 */
import type { ReconcileDifference, ReconcileRepair, ReconcileResult } from '../contract/payments.js';
import { nowIso } from '../domain/clock.js';
import { centsToDollars } from '../domain/money.js';
import { countsAsRefunded, isPaid, statusFromStripe } from '../domain/payment-state.js';
import { paymentSubject } from '../domain/audit-subjects.js';
import { recordEntry, studentsShown, type AuditEntry } from './audit.js';
import { getPaymentByIntent, paymentsOpenedBetween, type PaymentRecord } from './payment.js';
import { applyRefunds, applyStatus, applySucceeded, refundExcess } from './payment-events.js';
import { listRefunds, retrieveIntent, stripe } from './payment-gateway.js';

/** Payments compared with Stripe at once (Stripe allows 25 requests a second in test mode, 100 live). */
const STRIPE_CONCURRENCY = 5;

/** Stripe's intents created within the range that carry our metadata (the portal made them). */
async function stripeIntentsBetween(fromIso: string, toIso: string) {
  const intents = [];
  const created = { gte: Math.floor(Date.parse(fromIso) / 1000), lte: Math.floor(Date.parse(toIso) / 1000) };
  for await (const intent of (await stripe()).paymentIntents.list({ created, limit: 100 })) {
    if (intent.metadata?.username) intents.push(intent);
  }
  return intents;
}

export async function reconcilePayments(opts: { fromIso: string; toIso: string; actor: string }): Promise<Omit<ReconcileResult, 'from' | 'to'>> {
  const repaired: ReconcileRepair[] = [];
  const unexplained: ReconcileDifference[] = [];
  const records = await paymentsOpenedBetween(opts.fromIso, opts.toIso);
  const audit = (record: PaymentRecord, action: ReconcileRepair['action'], amountCents: number): AuditEntry => ({
    actor: opts.actor,
    action: 'payment.reconcile',
    entityType: 'payment',
    entityId: record.intentId,
    subject: paymentSubject(record),
    after: { username: record.username, repair: action, amountCents },
  });
  const note = (record: PaymentRecord, action: ReconcileRepair['action'], amountCents: number, detail: string) =>
    repaired.push({ payment_intent_id: record.intentId, username: record.username, action, amount: centsToDollars(amountCents), detail });

  // a few at a time: each payment is one or two Stripe calls, and the route has 29 seconds
  const compare = async (record: PaymentRecord) => {
    try {
      const intent = await retrieveIntent(record.intentId);
      const truth = statusFromStripe(intent);
      const at = nowIso();
      if (truth === 'succeeded' && !isPaid(record.status)) {
        if (intent.amount_received !== record.amountCents) {
          unexplained.push({
            payment_intent_id: record.intentId,
            username: record.username,
            problem: `Stripe received ${centsToDollars(intent.amount_received).toFixed(2)} but the portal opened this payment for ${centsToDollars(record.amountCents).toFixed(2)}`,
          });
          return;
        }
        const outcome = await applySucceeded({
          eventId: `reconcile:${record.intentId}:succeeded`,
          intentId: record.intentId,
          amountCents: intent.amount_received,
          paidAt: at,
          methodDetail: null,
          audit: audit(record, 'recorded_payment', record.amountCents),
        });
        if (outcome === 'applied') note(record, 'recorded_payment', record.amountCents, 'Stripe took this payment; the portal had not recorded it');
      } else if (truth !== 'succeeded' && isPaid(record.status)) {
        unexplained.push({
          payment_intent_id: record.intentId,
          username: record.username,
          problem: `The portal records this payment as ${record.status} but Stripe says ${intent.status}`,
        });
        return;
      } else if ((truth === 'canceled' || truth === 'failed') && truth !== record.status && !isPaid(record.status)) {
        const action = truth === 'canceled' ? 'recorded_cancellation' : 'recorded_failure';
        const outcome = await applyStatus({
          eventId: `reconcile:${record.intentId}:${truth}`,
          intentId: record.intentId,
          status: truth,
          at,
          message: truth === 'failed' ? (intent.last_payment_error?.message ?? 'The payment failed') : undefined,
          audit: audit(record, action, 0),
        });
        if (outcome === 'applied') note(record, action, 0, `Stripe says ${intent.status}; the portal said ${record.status}`);
      }

      const current = (await getPaymentByIntent(record.intentId)) ?? record;
      if (!isPaid(current.status)) return;
      const refunds = (await listRefunds(record.intentId)).filter(countsAsRefunded);
      const missing = refunds.filter((r) => !current.refundIds.includes(r.id)).reduce((n, r) => n + r.amountCents, 0);
      if (missing > 0) {
        const outcome = await applyRefunds({ intentId: record.intentId, at, audit: audit(record, 'recorded_refund', missing) });
        if (outcome === 'applied') note(record, 'recorded_refund', missing, 'Stripe refunded this; the portal had not recorded it');
        if (outcome === 'refused')
          unexplained.push({ payment_intent_id: record.intentId, username: record.username, problem: 'Stripe lists refunds adding up to more than the payment' });
      }
      if (current.excess && !current.excessRequestedAt) {
        const refundId = await refundExcess(record.intentId);
        if (refundId) note(record, 'refunded_excess', current.excess.amountCents, `Paid more than was owed; refund ${refundId} requested`);
      }
    } catch (error) {
      unexplained.push({ payment_intent_id: record.intentId, username: record.username, problem: `Could not compare with Stripe: ${(error as Error).message}` });
    }
  };
  for (let i = 0; i < records.length; i += STRIPE_CONCURRENCY) await Promise.all(records.slice(i, i + STRIPE_CONCURRENCY).map(compare));

  const known = new Set(records.map((r) => r.intentId));
  for (const intent of await stripeIntentsBetween(opts.fromIso, opts.toIso)) {
    if (known.has(intent.id) || intent.status !== 'succeeded') continue;
    // opened at Stripe but never stored (the request failed between Stripe and the table): finance decides
    unexplained.push({
      payment_intent_id: intent.id,
      username: intent.metadata.username ?? null,
      problem: `Stripe took ${centsToDollars(intent.amount_received).toFixed(2)} for a checkout the portal has no record of`,
    });
  }
  // the run itself: who compared which students' payments, and what it found (a staff read of payments)
  await recordEntry({
    actor: opts.actor,
    action: 'payment.reconcile.run',
    entityType: 'payments',
    entityId: `${opts.fromIso}/${opts.toIso}`,
    subject: `payments opened ${opts.fromIso} to ${opts.toIso}`,
    after: { checked: records.length, repaired: repaired.length, unexplained: unexplained.length },
    detail: studentsShown([...records.map((r) => r.username), ...unexplained.flatMap((u) => (u.username ? [u.username] : []))]),
  });
  return { checked: records.length, repaired, unexplained };
}
