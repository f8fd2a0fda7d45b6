/**
 * A small client over Stripe's documented HTTP API (https://docs.stripe.com/api), for the few calls the
 * portal makes, in place of the official SDK at runtime (why: store/payment-gateway.ts). The SDK stays a
 * type-only import, so answers are typed as Stripe.PaymentIntent, Stripe.Refund, Stripe.Event, ... What the
 * SDK did and this keeps (stripe 23.1.0, whose behaviour is quoted where it is not documented):
 *   - requests: form-encoded bodies and queries with bracket notation, secret key as a Bearer token, the
 *     API version pinned, an Idempotency-Key on every POST;
 *   - lists: auto-pagination with has_more and starting_after;
 *   - errors: thrown with the SDK's error types and fields (type, code, message, statusCode, raw...);
 *   - retries: twice at most, on network errors, 409, 5xx and Stripe-Should-Retry: true, 0.5-1 s apart;
 *     8 s per try;
 *   - webhooks: the Stripe-Signature check, 300 s tolerance.
 * Node's http/https, not fetch: the first fetch() loads undici, about 30 ms of CPU in a fresh process
 * (node 20, measured against http.get to the same server: 7 ms including require('node:https')).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type Stripe from 'stripe';

/** The API version stripe 23.1.0 pins (its ApiVersion); the type fails the build when the SDK moves on. */
export const STRIPE_API_VERSION: Stripe.LatestApiVersion = '2026-10-28.endive';
export const MAX_NETWORK_RETRIES = 2;
export const REQUEST_TIMEOUT_MS = 8_000;
/** https://docs.stripe.com/webhooks/signature: the SDKs' default tolerance, five minutes. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

type Params = Record<string, unknown>;

/**
 * Stripe's form encoding (https://docs.stripe.com/api, "Request bodies"; https://docs.stripe.com/api/metadata):
 * nested objects as `parent[child]=v`, arrays with indices `items[0][x]=v`; undefined is left out, null
 * sends an empty value (which unsets a field). As the SDK's stringifyRequestData, brackets unescaped.
 */
export function formEncode(params: Params): string {
  const pairs: string[] = [];
  const escape = (s: string) =>
    encodeURIComponent(s)
      .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
      .replace(/%5B/g, '[')
      .replace(/%5D/g, ']');
  const add = (key: string, value: unknown): void => {
    if (value === undefined) return;
    if (Array.isArray(value)) value.forEach((v, i) => add(`${key}[${i}]`, v));
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else pairs.push(`${escape(key)}=${escape(value === null ? '' : String(value as string | number | boolean))}`);
  };
  for (const [k, v] of Object.entries(params)) add(k, v);
  return pairs.join('&');
}

/** An error as the SDK throws it (https://docs.stripe.com/api/errors): its class name as `type`, the body's fields. */
export class StripeError extends Error {
  readonly type: string;
  readonly rawType?: string;
  readonly statusCode?: number;
  readonly requestId?: string;
  readonly code?: string;
  readonly decline_code?: string;
  readonly param?: string;
  readonly doc_url?: string;
  readonly charge?: string;
  readonly payment_intent?: Stripe.PaymentIntent;

  constructor(
    type: string,
    readonly raw: Record<string, unknown> & { message?: string },
  ) {
    super(raw.message ?? '');
    this.type = type;
    Object.assign(this, pick(raw, ['statusCode', 'requestId', 'code', 'decline_code', 'param', 'doc_url', 'charge', 'payment_intent']));
    this.rawType = raw.type as string | undefined;
  }
}
const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));

/**
 * The SDK's error type for an error answer (its generateV1Error): by HTTP status, as Stripe documents them
 * (https://docs.stripe.com/api/errors): 400/404 invalid request (idempotency_error apart), 401
 * authentication, 402 card, 403 permission, 429 rate limit, anything else an API error.
 */
export function errorType(statusCode: number, body: { type?: unknown; code?: unknown }): string {
  if (statusCode === 429 || (statusCode === 400 && body.code === 'rate_limit')) return 'StripeRateLimitError';
  if (statusCode === 400 || statusCode === 404) return body.type === 'idempotency_error' ? 'StripeIdempotencyError' : 'StripeInvalidRequestError';
  if (statusCode === 401) return 'StripeAuthenticationError';
  if (statusCode === 402) return 'StripeCardError';
  if (statusCode === 403) return 'StripePermissionError';
  return 'StripeAPIError';
}

/**
 * Whether a try is repeated (the SDK's _shouldRetry; https://docs.stripe.com/error-low-level#idempotency):
 * a network error or timeout, or an answer with Stripe-Should-Retry: true, 409 (a lock timeout or a
 * concurrent request with the same key) or 5xx, unless Stripe-Should-Retry says false. Other 4xx (429
 * included, as the SDK) are final.
 */
export function shouldRetry(retries: number, answer: { status: number; shouldRetryHeader?: string } | 'network-error'): boolean {
  if (retries >= MAX_NETWORK_RETRIES) return false;
  if (answer === 'network-error') return true;
  if (answer.shouldRetryHeader === 'false') return false;
  if (answer.shouldRetryHeader === 'true') return true;
  return answer.status === 409 || answer.status >= 500;
}

/** The SDK's back-off before retry n (1-based): 0.5 s doubling up to 5 s, jittered down to half, never under 0.5 s. */
export const retryDelayMs = (n: number, random = Math.random()) => Math.max(0.5, Math.min(0.5 * 2 ** (n - 1), 5) * 0.5 * (1 + random)) * 1000;

export interface RequestOptions {
  /** https://docs.stripe.com/api/idempotent_requests; without one, each POST gets a fresh key reused by its retries. */
  idempotencyKey?: string;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export class StripeApi {
  private readonly base: URL;
  private readonly agent: http.Agent;

  /** `base`: https://api.stripe.com, or the local sandbox with its path prefix (STRIPE_API_BASE). */
  constructor(
    private readonly secretKey: string,
    base = 'https://api.stripe.com',
  ) {
    this.base = new URL(base.replace(/\/$/, ''));
    this.agent = this.base.protocol === 'https:' ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  }

  readonly paymentIntents = {
    /**
     * With `confirm: true` (off-session plan charges: customer, payment_method, off_session, mandate) the
     * payment is attempted in the same request; a decline is thrown like confirm's, a StripeCardError
     * (402) with code, decline_code and the intent (https://docs.stripe.com/payments/save-and-reuse#charge-saved-payment-method).
     */
    create: (params: Stripe.PaymentIntentCreateParams, opts?: RequestOptions) => this.post<Stripe.PaymentIntent>('/v1/payment_intents', params, opts),
    retrieve: (id: string) => this.request<Stripe.PaymentIntent>('GET', `/v1/payment_intents/${encodeURIComponent(id)}`),
    confirm: (id: string, params: Stripe.PaymentIntentConfirmParams = {}, opts?: RequestOptions) =>
      this.post<Stripe.PaymentIntent>(`/v1/payment_intents/${encodeURIComponent(id)}/confirm`, params, opts),
    cancel: (id: string, params: Stripe.PaymentIntentCancelParams = {}, opts?: RequestOptions) =>
      this.post<Stripe.PaymentIntent>(`/v1/payment_intents/${encodeURIComponent(id)}/cancel`, params, opts),
    list: (params: Stripe.PaymentIntentListParams = {}) => this.list<Stripe.PaymentIntent>('/v1/payment_intents', params),
  };

  /** https://docs.stripe.com/api/customers */
  readonly customers = {
    create: (params: Stripe.CustomerCreateParams = {}, opts?: RequestOptions) => this.post<Stripe.Customer>('/v1/customers', params, opts),
    retrieve: (id: string) => this.request<Stripe.Customer>('GET', `/v1/customers/${encodeURIComponent(id)}`),
    update: (id: string, params: Stripe.CustomerUpdateParams, opts?: RequestOptions) => this.post<Stripe.Customer>(`/v1/customers/${encodeURIComponent(id)}`, params, opts),
    /** https://docs.stripe.com/api/payment_methods/customer_list */
    listPaymentMethods: (id: string, params: Stripe.CustomerListPaymentMethodsParams = {}) =>
      this.list<Stripe.PaymentMethod>(`/v1/customers/${encodeURIComponent(id)}/payment_methods`, params),
  };

  /** https://docs.stripe.com/api/payment_methods */
  readonly paymentMethods = {
    retrieve: (id: string) => this.request<Stripe.PaymentMethod>('GET', `/v1/payment_methods/${encodeURIComponent(id)}`),
    list: (params: Stripe.PaymentMethodListParams = {}) => this.list<Stripe.PaymentMethod>('/v1/payment_methods', params),
    attach: (id: string, params: Stripe.PaymentMethodAttachParams, opts?: RequestOptions) =>
      this.post<Stripe.PaymentMethod>(`/v1/payment_methods/${encodeURIComponent(id)}/attach`, params, opts),
    detach: (id: string, opts?: RequestOptions) => this.post<Stripe.PaymentMethod>(`/v1/payment_methods/${encodeURIComponent(id)}/detach`, {}, opts),
  };

  /** https://docs.stripe.com/api/setup_intents */
  readonly setupIntents = {
    create: (params: Stripe.SetupIntentCreateParams = {}, opts?: RequestOptions) => this.post<Stripe.SetupIntent>('/v1/setup_intents', params, opts),
    retrieve: (id: string) => this.request<Stripe.SetupIntent>('GET', `/v1/setup_intents/${encodeURIComponent(id)}`),
    confirm: (id: string, params: Stripe.SetupIntentConfirmParams = {}, opts?: RequestOptions) =>
      this.post<Stripe.SetupIntent>(`/v1/setup_intents/${encodeURIComponent(id)}/confirm`, params, opts),
  };

  readonly refunds = {
    create: (params: Stripe.RefundCreateParams, opts?: RequestOptions) => this.post<Stripe.Refund>('/v1/refunds', params, opts),
    list: (params: Stripe.RefundListParams = {}) => this.list<Stripe.Refund>('/v1/refunds', params),
  };

  readonly events = {
    list: (params: Stripe.EventListParams = {}) => this.list<Stripe.Event>('/v1/events', params),
  };

  private post<T>(path: string, params: object, opts: RequestOptions = {}): Promise<T> {
    return this.request<T>('POST', path, params as Params, opts.idempotencyKey ?? `portal-retry-${randomUUID()}`);
  }

  /** Every object of a list, page after page (https://docs.stripe.com/api/pagination: has_more, starting_after). */
  async *list<T extends { id: string }>(path: string, params: object): AsyncGenerator<T> {
    let page = await this.request<{ data: T[]; has_more: boolean }>('GET', path, params as Params);
    for (;;) {
      yield* page.data;
      const last = page.data.at(-1);
      if (!page.has_more || !last) return;
      page = await this.request('GET', path, { ...params, starting_after: last.id });
    }
  }

  async request<T>(method: 'GET' | 'POST', path: string, params: Params = {}, idempotencyKey?: string): Promise<T> {
    const form = formEncode(params);
    for (let retries = 0; ; retries++) {
      let answer: Answer;
      try {
        answer = await this.once(method, path, form, idempotencyKey);
      } catch (error) {
        if (shouldRetry(retries, 'network-error')) {
          await sleep(retryDelayMs(retries + 1));
          continue;
        }
        const timedOut = (error as NodeJS.ErrnoException).code === 'ETIMEDOUT';
        const message = timedOut
          ? `Request aborted due to timeout being reached (${REQUEST_TIMEOUT_MS}ms)`
          : `An error occurred with our connection to Stripe.${retries > 0 ? ` Request was retried ${retries} times.` : ''}`;
        throw new StripeError('StripeConnectionError', { message, detail: error });
      }
      const shouldRetryHeader = answer.headers['stripe-should-retry'] as string | undefined;
      if (answer.status >= 300 && shouldRetry(retries, { status: answer.status, shouldRetryHeader })) {
        await sleep(retryDelayMs(retries + 1));
        continue;
      }
      return parseAnswer<T>(answer);
    }
  }

  /** One try: https://docs.stripe.com/api/authentication (Bearer), https://docs.stripe.com/api/versioning (Stripe-Version). */
  private once(method: string, path: string, form: string, idempotencyKey?: string): Promise<Answer> {
    const url = new URL(`${this.base.pathname.replace(/\/$/, '')}${path}${method === 'GET' && form ? `?${form}` : ''}`, this.base);
    const body = method === 'POST' ? Buffer.from(form) : undefined;
    const headers: http.OutgoingHttpHeaders = {
      Accept: 'application/json',
      Authorization: `Bearer ${this.secretKey}`,
      'Stripe-Version': STRIPE_API_VERSION,
      'User-Agent': 'portal-stripe-api/1',
      ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': body.length } : {}),
      ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    };
    const send = url.protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const req = send(url, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') });
        });
      });
      const timer = setTimeout(() => req.destroy(Object.assign(new Error('Stripe request timed out'), { code: 'ETIMEDOUT' })), REQUEST_TIMEOUT_MS);
      req.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      req.end(body);
    });
  }
}

/** A final answer: its JSON, or the error it holds thrown as the SDK would (https://docs.stripe.com/api/errors). */
export function parseAnswer<T>({ status, headers, text }: Answer): T {
  const requestId = headers['request-id'] as string | undefined;
  let json: { error?: Record<string, unknown> };
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    throw new StripeError('StripeAPIError', { message: 'Invalid JSON received from the Stripe API', statusCode: status, requestId });
  }
  if (!json.error && status < 300) return json as T;
  const raw: Record<string, unknown> = { message: `Stripe answered ${status}`, ...json.error, statusCode: status, requestId };
  throw new StripeError(errorType(status, raw), raw);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Checks a webhook's Stripe-Signature header as https://docs.stripe.com/webhooks/signature describes
 * ("Verify signatures manually"): `t=<timestamp>,v1=<signature>[,v1=...]` (other schemes ignored), each v1
 * an HMAC-SHA256 of `<t>.<raw body>` with the endpoint's secret, compared in constant time; any matching
 * v1 will do (several while a secret is rolled). An event older than the tolerance is refused, as the SDK
 * does. Answers the parsed event; throws StripeSignatureVerificationError otherwise.
 */
export function constructEvent(rawBody: string, header: string, secret: string, nowMs = Date.now()): Stripe.Event {
  const fail = (message: string) => new StripeError('StripeSignatureVerificationError', { message });
  let timestamp = NaN;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const at = item.indexOf('=');
    const [key, value] = [item.slice(0, at).trim(), item.slice(at + 1).trim()];
    if (key === 't') timestamp = Number.parseInt(value, 10);
    if (key === 'v1') signatures.push(value);
  }
  if (!Number.isFinite(timestamp) || signatures.length === 0) throw fail('Unable to extract timestamp and signatures from header');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex'));
  const matches = signatures.some((s) => {
    const given = Buffer.from(s);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw fail('No signatures found matching the expected signature for payload');
  if (Math.floor(nowMs / 1000) - timestamp > WEBHOOK_TOLERANCE_SECONDS) throw fail('Timestamp outside the tolerance zone');
  return JSON.parse(rawBody) as Stripe.Event;
}
