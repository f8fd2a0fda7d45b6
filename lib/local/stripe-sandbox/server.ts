/**
 * A local stand-in for the part of Stripe's REST API the portal uses, mounted on the gateway at
 * /local/stripe/ (the `stripe` SDK reaches it through its host/port/protocol options):
 *   /v1/payment_intents[/:id[/confirm|/cancel]]   intents.ts
 *   /v1/customers[/:id[/payment_methods]]          customers.ts
 *   /v1/payment_methods[/:id[/attach|/detach]]     payment-methods.ts
 *   /v1/setup_intents[/:id[/confirm|/cancel|/verify_microdeposits]]   setup-intents.ts
 *   /v1/mandates/:id                               mandates.ts
 *   /v1/refunds[/:id]                             refunds.ts
 *   /v1/charges[/:id]                             charges.ts
 *   /v1/events[/:id]                              events.ts
 *   /__control/…                                  control.ts (sandbox only, not Stripe's API)
 * Lists follow Stripe's pagination (lists.ts); POSTs honour Idempotency-Key for 24 hours
 * (idempotency.ts); outcomes follow Stripe's documented test payment methods (test-cards.ts); every
 * state change makes the event Stripe would make, signed and delivered to our webhook (events.ts,
 * webhooks.ts). The sandbox reads the time only through clock.ts; ACH debits due by that clock settle
 * before every request is answered, and whenever `settle` is called (ach.ts).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { settleDue } from './ach.js';
import { AUTHENTICATE_PATH } from './authentication.js';
import { chargesRoute } from './charges.js';
import { sandboxNowMs, setSandboxClock } from './clock.js';
import type { Caller, SandboxContext, SandboxRequest } from './context.js';
import { authenticateRoute, CONTROL_PATH, controlRoute } from './control.js';
import { customersRoute } from './customers.js';
import { createEventLog, eventsRoute } from './events.js';
import { parseStripeForm } from './form.js';
import { decide, prune, remember } from './idempotency.js';
import { paymentIntentsRoute } from './intents.js';
import { mandatesRoute } from './mandates.js';
import { stripeError, stripeId, type Reply } from './objects.js';
import { paymentMethodsRoute } from './payment-methods.js';
import { refundsRoute } from './refunds.js';
import { setupIntentsRoute } from './setup-intents.js';
import { SandboxStore } from './state.js';
import { requestApiVersion } from './versions.js';

export const SANDBOX_PREFIX = '/local/stripe';
export { ACCOUNT_API_VERSION } from './events.js';

export interface SandboxOptions {
  dataFile: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where events go (the gateway's /api/payments/webhook), or null to keep them (handler tests). */
  webhookUrl: string | null;
  log?: (m: string) => void;
  /** Webhook retry delays (ms), first attempt included; Stripe-like defaults in webhooks.ts. */
  webhookRetryDelaysMs?: readonly number[];
  /** The sandbox's clock (ms), e.g. the local stack's (clock.ts); the real clock when absent. */
  now?: () => number;
  /** Settle due ACH debits on an unref'd timer this often (ms), besides on every request (ach.ts). */
  settleEveryMs?: number;
}

const unrecognized = (method: string, path: string): Reply =>
  stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);

export function createStripeSandbox(opts: SandboxOptions) {
  if (opts.now) setSandboxClock(opts.now);
  const store = new SandboxStore(opts.dataFile);
  const { state } = store;
  const log = opts.log ?? console.log;
  const events = createEventLog({
    state,
    save: () => store.save(),
    log,
    webhook: opts.webhookUrl ? { url: opts.webhookUrl, secret: opts.webhookSecret, retryDelaysMs: opts.webhookRetryDelaysMs } : null,
  });
  const ctx: SandboxContext = { state, emit: (type, object) => void events.emit(type, object) };
  /** Idempotency keys whose request is being answered right now (idempotency.ts). */
  const inFlight = new Set<string>();

  const resources: Record<string, (ctx: SandboxContext, req: SandboxRequest) => Reply | undefined> = {
    payment_intents: paymentIntentsRoute,
    refunds: refundsRoute,
    charges: chargesRoute,
    events: eventsRoute,
    customers: customersRoute,
    payment_methods: paymentMethodsRoute,
    setup_intents: setupIntentsRoute,
    mandates: mandatesRoute,
  };

  function route(req: SandboxRequest, path: string): Reply {
    const handler = Object.hasOwn(resources, req.segments[0] ?? '') ? resources[req.segments[0]] : undefined;
    return handler?.(ctx, req) ?? unrecognized(req.method, path);
  }

  /** Settles the ACH debits due by the sandbox clock (ach.ts); answers how many. */
  function settle(): number {
    const settled = settleDue(ctx);
    if (settled > 0) store.save();
    return settled;
  }

  function authenticate(req: IncomingMessage): { caller: Caller } | { reply: Reply } {
    const header = req.headers.authorization ?? '';
    const key = /^Bearer (.+)$/i.exec(header)?.[1] ?? (header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString().split(':')[0] : undefined);
    if (key === opts.secretKey) return { caller: 'secret' };
    if (key === opts.publishableKey) return { caller: 'publishable' };
    return { reply: stripeError(401, 'invalid_request_error', `Invalid API Key provided: ${key ? `${key.slice(0, 8)}***` : '(none)'}`) };
  }

  function answer(req: IncomingMessage, body: string, url: URL): Reply {
    const method = req.method ?? 'GET';
    const path = url.pathname.slice(SANDBOX_PREFIX.length);
    settle();
    // the 3D Secure page is opened by the student's browser, which has no key (authentication.ts)
    const authenticatePrefix = `${CONTROL_PATH}${AUTHENTICATE_PATH.slice(CONTROL_PATH.length)}/`;
    if (path.startsWith(authenticatePrefix) && !req.headers.authorization) {
      const id = path.slice(authenticatePrefix.length);
      const reply = authenticateRoute(ctx, method, id, body, req.headers['content-type'], true);
      if (method === 'POST') store.save();
      return reply;
    }
    const auth = authenticate(req);
    if ('reply' in auth) return auth.reply;

    if (path.startsWith(`${CONTROL_PATH}/`)) {
      if (auth.caller !== 'secret') return stripeError(401, 'invalid_request_error', 'The sandbox control routes need the secret key.');
      const reply = controlRoute(ctx, method, path.slice(CONTROL_PATH.length), body, req.headers['content-type'], url.searchParams);
      if (method === 'POST') store.save();
      return reply;
    }

    const [version, ...segments] = path.split('/').filter(Boolean);
    if (version !== 'v1') return unrecognized(method, path);
    const request: SandboxRequest = {
      method,
      segments,
      caller: auth.caller,
      form: method === 'POST' ? parseStripeForm(body) : {},
      query: parseStripeForm(url.searchParams),
      apiVersion: requestApiVersion(req.headers['stripe-version']),
      origin: `${req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http'}://${req.headers.host ?? '127.0.0.1'}`,
      ip: req.socket.remoteAddress ?? '127.0.0.1',
      userAgent: req.headers['user-agent'] ?? '',
    };
    if (method !== 'POST') return route(request, path);

    // POST: keys are honoured on POSTs only ("All POST requests accept idempotency keys")
    const now = sandboxNowMs();
    const keyHeader = req.headers['idempotency-key'];
    const key = typeof keyHeader === 'string' && keyHeader !== '' ? keyHeader : undefined;
    const fingerprint = createHash('sha256').update(`${method} ${path} ${body}`).digest('hex');
    if (key) {
      const decision = decide(state.idempotency, inFlight, key, fingerprint, now);
      if (decision.kind !== 'run') return decision.reply;
      inFlight.add(key);
    }
    try {
      const reply = route(request, path);
      prune(state.idempotency, now);
      if (key) remember(state.idempotency, key, fingerprint, reply, now);
      store.save();
      return reply;
    } finally {
      if (key) inFlight.delete(key);
    }
  }

  async function mount(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (!url.pathname.startsWith(`${SANDBOX_PREFIX}/`)) return false;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const reply = answer(req, Buffer.concat(chunks).toString('utf8'), url);
    const raw = reply.contentType !== undefined;
    res.writeHead(reply.status, { ...reply.headers, 'content-type': reply.contentType ?? 'application/json', 'request-id': stripeId('req') });
    res.end(raw ? String(reply.body) : JSON.stringify(reply.body));
    return true;
  }
  const timer = opts.settleEveryMs ? setInterval(settle, opts.settleEveryMs).unref() : undefined;
  // a mount for the gateway, which can also write the state file at once (state.ts writes it shortly after a
  // change), settle ACH debits now, and stop its settle timer
  return Object.assign(mount, { flush: () => store.flush(), settle, stop: () => clearInterval(timer) });
}
