/**
 * A local stand-in for the part of Stripe's REST API the portal uses, mounted on the gateway at
 * /local/stripe/ (the `stripe` SDK reaches it through its host/port/protocol options):
 *   POST /v1/payment_intents            create (Idempotency-Key honoured)
 *   GET  /v1/payment_intents/:id        retrieve (secret key, or publishable key + client_secret)
 *   POST /v1/payment_intents/:id/confirm  confirm with a test payment method (as Stripe.js does)
 *   POST /v1/refunds                    refund a succeeded payment, in full or in part
 *   GET  /v1/charges/:id
 * Outcomes follow Stripe's documented test payment methods (test-cards.ts); every state change
 * sends the event Stripe would send, signed, to our webhook.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formObject, formString, parseStripeForm, type FormObject } from './form.js';
import { nowSeconds, stripeError, stripeId, type Charge, type PaymentIntent, type Refund, type StripeEvent } from './objects.js';
import { SandboxStore } from './state.js';
import { TEST_PAYMENT_METHODS } from './test-cards.js';
import { deliverEvent } from './webhooks.js';

export const SANDBOX_PREFIX = '/local/stripe';
const API_VERSION = '2025-01-27.acacia';

export interface SandboxOptions {
  dataFile: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where events go (the gateway's /api/payments/webhook), or null to keep them (handler tests). */
  webhookUrl: string | null;
  log?: (m: string) => void;
}

interface Reply { status: number; body: unknown }
type Caller = 'secret' | 'publishable';

export function createStripeSandbox(opts: SandboxOptions) {
  const store = new SandboxStore(opts.dataFile);
  const { state } = store;
  const log = opts.log ?? console.log;

  const emit = (type: string, object: unknown) => {
    const event: StripeEvent = {
      id: stripeId('evt'), object: 'event', type, created: nowSeconds(), api_version: API_VERSION,
      livemode: false, pending_webhooks: 1, data: { object: structuredClone(object) },
    };
    state.events.push(event);
    state.events = state.events.slice(-500);
    if (opts.webhookUrl) deliverEvent(event, { url: opts.webhookUrl, secret: opts.webhookSecret, log });
  };

  const notFound = (kind: string, id: string) =>
    stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id' });

  function createIntent(form: FormObject): Reply {
    const amount = Number(formString(form, 'amount'));
    const currency = formString(form, 'currency');
    if (!Number.isInteger(amount) || amount < 50) {
      return stripeError(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
    }
    if (!currency) return stripeError(400, 'invalid_request_error', 'Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    const id = stripeId('pi');
    const intent: PaymentIntent = {
      id, object: 'payment_intent', amount, amount_received: 0, currency, status: 'requires_payment_method',
      client_secret: `${id}_secret_${stripeId('s').slice(2)}`, created: nowSeconds(),
      description: formString(form, 'description') ?? null, metadata: formObject(form, 'metadata') as Record<string, string>,
      payment_method: null, payment_method_types: ['card'], latest_charge: null, last_payment_error: null,
      receipt_email: formString(form, 'receipt_email') ?? null, livemode: false,
    };
    state.intents[id] = intent;
    return { status: 200, body: intent };
  }

  function confirmIntent(intent: PaymentIntent, form: FormObject, caller: Caller): Reply {
    if (caller === 'publishable' && formString(form, 'client_secret') !== intent.client_secret) {
      return stripeError(400, 'invalid_request_error', 'The client_secret provided does not match any associated PaymentIntent on this account.', { param: 'client_secret' });
    }
    if (intent.status === 'succeeded') {
      return stripeError(400, 'invalid_request_error', 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.', {
        code: 'payment_intent_unexpected_state', payment_intent: intent,
      });
    }
    const methodId = formString(form, 'payment_method') ?? '';
    const outcome = TEST_PAYMENT_METHODS[methodId];
    if (!outcome) return stripeError(400, 'invalid_request_error', `No such PaymentMethod: '${methodId}'`, { code: 'resource_missing', param: 'payment_method' });
    intent.payment_method = methodId;
    if (!outcome.ok) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: outcome.code, decline_code: outcome.declineCode, message: outcome.message };
      emit('payment_intent.payment_failed', intent);
      return stripeError(402, 'card_error', outcome.message, { code: outcome.code, decline_code: outcome.declineCode, payment_intent: intent });
    }
    const billing = formObject(formObject(form, 'payment_method_data'), 'billing_details');
    const charge: Charge = {
      id: stripeId('ch'), object: 'charge', amount: intent.amount, amount_refunded: 0, refunded: false, currency: intent.currency,
      created: nowSeconds(), paid: true, status: 'succeeded', payment_intent: intent.id, payment_method: methodId,
      payment_method_details: { type: 'card', card: { brand: outcome.brand, last4: outcome.last4 } },
      billing_details: { name: formString(billing, 'name') ?? null, email: formString(billing, 'email') ?? null, address: { postal_code: formString(formObject(billing, 'address'), 'postal_code') ?? null } },
      metadata: { ...intent.metadata }, livemode: false,
    };
    state.charges[charge.id] = charge;
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charge.id, last_payment_error: null });
    emit('payment_intent.succeeded', intent);
    return { status: 200, body: intent };
  }

  function createRefund(form: FormObject): Reply {
    const intentId = formString(form, 'payment_intent');
    const chargeId = formString(form, 'charge') ?? (intentId ? state.intents[intentId]?.latest_charge : undefined);
    const charge = chargeId ? state.charges[chargeId] : undefined;
    if (!charge) return notFound(intentId ? 'payment_intent' : 'charge', intentId ?? chargeId ?? '');
    const remaining = charge.amount - charge.amount_refunded;
    const amount = formString(form, 'amount') === undefined ? remaining : Number(formString(form, 'amount'));
    if (!Number.isInteger(amount) || amount <= 0 || amount > remaining) {
      return stripeError(400, 'invalid_request_error', `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`, {
        code: 'amount_too_large', param: 'amount',
      });
    }
    const refund: Refund = {
      id: stripeId('re'), object: 'refund', amount, charge: charge.id, payment_intent: charge.payment_intent, currency: charge.currency,
      created: nowSeconds(), reason: formString(form, 'reason') ?? null, status: 'succeeded', metadata: formObject(form, 'metadata') as Record<string, string>,
    };
    state.refunds[refund.id] = refund;
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    emit('charge.refunded', charge);
    return { status: 200, body: refund };
  }

  function route(method: string, path: string, form: FormObject, caller: Caller, query: URLSearchParams): Reply {
    const segments = path.split('/').filter(Boolean); // ['v1', 'payment_intents', id, 'confirm']
    const [version, resource, id, action] = segments;
    if (version !== 'v1') return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
    const secretOnly = () => stripeError(401, 'invalid_request_error', 'This API call cannot be made with a publishable API key. Please use a secret API key.');

    if (resource === 'payment_intents') {
      if (!id && method === 'POST') return caller === 'secret' ? createIntent(form) : secretOnly();
      const intent = id ? state.intents[id] : undefined;
      if (!intent) return notFound('payment_intent', id ?? '');
      if (!action && method === 'GET') {
        if (caller === 'publishable' && query.get('client_secret') !== intent.client_secret) return notFound('payment_intent', intent.id);
        return { status: 200, body: intent };
      }
      if (action === 'confirm' && method === 'POST') return confirmIntent(intent, form, caller);
    }
    if (resource === 'refunds' && !id && method === 'POST') return caller === 'secret' ? createRefund(form) : secretOnly();
    if (resource === 'charges' && id && method === 'GET') {
      if (caller !== 'secret') return secretOnly();
      return state.charges[id] ? { status: 200, body: state.charges[id] } : notFound('charge', id);
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  return async function mount(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (!url.pathname.startsWith(`${SANDBOX_PREFIX}/`)) return false;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const method = req.method ?? 'GET';
    const key = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1]
      ?? (req.headers.authorization?.startsWith('Basic ') ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':')[0] : undefined);
    const caller: Caller | null = key === opts.secretKey ? 'secret' : key === opts.publishableKey ? 'publishable' : null;

    let reply: Reply;
    if (!caller) {
      reply = stripeError(401, 'invalid_request_error', `Invalid API Key provided: ${key ? `${key.slice(0, 8)}***` : '(none)'}`);
    } else {
      const path = url.pathname.slice(SANDBOX_PREFIX.length);
      const idempotencyKey = method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const fingerprint = createHash('sha256').update(`${method} ${path} ${body}`).digest('hex');
      const cached = typeof idempotencyKey === 'string' ? state.idempotency[idempotencyKey] : undefined;
      if (cached && cached.fingerprint !== fingerprint) {
        reply = stripeError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`);
      } else if (cached) {
        reply = { status: cached.status, body: cached.body };
      } else {
        reply = route(method, path, parseStripeForm(body), caller, url.searchParams);
        if (typeof idempotencyKey === 'string') state.idempotency[idempotencyKey] = { fingerprint, ...reply };
        if (method === 'POST') store.save();
      }
    }
    res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': stripeId('req') });
    res.end(JSON.stringify(reply.body));
    return true;
  };
}
