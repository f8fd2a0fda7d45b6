/**
 * Driving the local Stripe sandbox as a browser and Stripe would: confirm an intent with a test card
 * (as Stripe.js does), refund in Stripe's dashboard, and deliver the events the sandbox recorded
 * (GET /v1/events) to the webhook handler, late, reordered and duplicated, as Stripe may.
 * Handler tests run the sandbox without a webhook URL, so nothing is delivered unless a test does.
 */
import Stripe from 'stripe';
import { stripe } from '../../../lambdas/store/payment-gateway.js';
import { deliver } from './stripe-events.js';

export type Confirmation = { ok: true } | { ok: false; code: string | undefined; intentStatus: string | undefined };

export async function confirmAtStripe(intentId: string, paymentMethod = 'pm_card_visa'): Promise<Confirmation> {
  try {
    await (await stripe()).paymentIntents.confirm(intentId, { payment_method: paymentMethod });
    return { ok: true };
  } catch (error) {
    const e = error as { code?: string; payment_intent?: { status?: string }; raw?: { payment_intent?: { status?: string } } };
    return { ok: false, code: e.code, intentStatus: e.payment_intent?.status ?? e.raw?.payment_intent?.status };
  }
}

/** A refund made outside the portal (Stripe's dashboard), or by a test racing the portal's own. */
export async function refundAtStripe(intentId: string, amountCents: number, metadata: Record<string, string> = {}) {
  return (await stripe()).refunds.create({ payment_intent: intentId, amount: amountCents, metadata });
}

type SandboxEvent = { id: string; type: string; data: { object: { id?: string; payment_intent?: string | null } } };

/** The sandbox's events about these intents (their intent or their charge's intent), oldest first. */
export async function eventsAbout(intentIds: ReadonlySet<string>): Promise<SandboxEvent[]> {
  const found: SandboxEvent[] = [];
  for await (const event of (await stripe()).events.list({ limit: 100, created: { gte: Math.floor(Date.now() / 1000) - 3600 } })) {
    const object = event.data.object as { id?: string; payment_intent?: string | null };
    if (intentIds.has(String(object.id)) || intentIds.has(String(object.payment_intent))) found.push(event as unknown as SandboxEvent);
  }
  return found.reverse();
}

/** Signs an event's JSON exactly as Stripe does and hands it to the webhook handler. */
export function deliverEvent(event: SandboxEvent) {
  const payload = JSON.stringify(event);
  return deliver({ payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: process.env.STRIPE_WEBHOOK_SECRET! }) });
}

const shuffled = <T>(items: T[]) =>
  items
    .map((x) => [Math.random(), x] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, x]) => x);

/**
 * Delivers every event about these intents that was not delivered yet, each twice and all at once in
 * random order, until no new ones appear (the webhook's excess refunds make events of their own).
 * `check` runs after each round. Answers every webhook status seen.
 */
export async function settle(intentIds: ReadonlySet<string>, opts: { skip?: (e: SandboxEvent) => boolean; check?: () => Promise<void> } = {}) {
  const delivered = new Set<string>();
  const statuses: number[] = [];
  for (let round = 0; round < 10; round++) {
    const fresh = (await eventsAbout(intentIds)).filter((e) => !delivered.has(e.id) && !opts.skip?.(e));
    if (fresh.length === 0) return statuses;
    fresh.forEach((e) => delivered.add(e.id));
    const answers = await Promise.all(shuffled([...fresh, ...fresh]).map((e) => deliverEvent(e)));
    statuses.push(...answers.map((a) => a.status ?? 0));
    const failed = answers.filter((a) => (a.status ?? 500) >= 500);
    if (failed.length > 0) throw new Error(`the webhook failed: ${JSON.stringify(failed.map((a) => a.body))}`);
    await opts.check?.();
  }
  throw new Error('events kept coming after 10 rounds');
}

/** What Stripe holds for these intents: money received and refunded, refund ids per intent. */
export async function stripeTotals(intentIds: Iterable<string>) {
  const client = await stripe();
  let receivedCents = 0;
  let refundedCents = 0;
  const refundIds = new Map<string, string[]>();
  const excessRefunds = new Map<string, number>();
  for (const id of intentIds) {
    const intent = await client.paymentIntents.retrieve(id);
    if (intent.status === 'succeeded') receivedCents += intent.amount_received;
    const ids: string[] = [];
    for await (const r of client.refunds.list({ payment_intent: id, limit: 100 })) {
      ids.push(r.id);
      refundedCents += r.amount;
      if (r.metadata?.kind === 'excess') excessRefunds.set(id, r.amount);
    }
    refundIds.set(id, ids.sort());
  }
  return { receivedCents, refundedCents, refundIds, excessRefunds };
}
