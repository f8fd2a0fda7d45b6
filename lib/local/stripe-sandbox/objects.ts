/** The Stripe API objects the sandbox keeps, with the fields our code and Stripe.js read. */
import { randomBytes } from 'node:crypto';

export { nowSeconds } from './clock.js';

export const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/** https://docs.stripe.com/api/payment_intents/cancel (the reasons a caller may give) */
export const CANCELLATION_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const;

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'canceled';
  /** https://docs.stripe.com/api/payment_intents/object: null when payment_method_types was given */
  automatic_payment_methods: { enabled: boolean; allow_redirects: 'always' | 'never' } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  client_secret: string;
  created: number;
  description: string | null;
  metadata: Record<string, string>;
  payment_method: string | null;
  payment_method_types: string[];
  latest_charge: string | null;
  last_payment_error: { type: string; code: string; decline_code: string; message: string } | null;
  receipt_email: string | null;
  livemode: false;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  created: number;
  paid: true;
  status: 'succeeded';
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: 'card'; card: { brand: string; last4: string } };
  billing_details: { name: string | null; email: string | null; address: { postal_code: string | null } };
  metadata: Record<string, string>;
  livemode: false;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  created: number;
  reason: string | null;
  status: 'succeeded';
  metadata: Record<string, string>;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  data: { object: unknown };
}

export interface Reply {
  status: number;
  body: unknown;
}

/**
 * Stripe's error body (https://docs.stripe.com/api/errors): `type`, `message` and, where they
 * apply, `code`, `param`, `decline_code` and the `payment_intent` the request involved. An error
 * with a code also carries its `doc_url` (https://stripe.com/docs/error-codes/<code with dashes>),
 * as Stripe's answers do.
 */
export function stripeError(status: number, type: string, message: string, extra: Record<string, unknown> = {}): Reply {
  const code = typeof extra.code === 'string' ? extra.code : undefined;
  const docUrl = code ? { doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {};
  return { status, body: { error: { type, message, ...extra, ...docUrl } } };
}

/** "No such payment_intent: 'pi_x'" (404 resource_missing), Stripe's answer for an unknown id. */
export const notFound = (kind: string, id: string, param = 'id'): Reply =>
  stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param });

/** A call only a secret key may make, tried with the publishable key. */
export const secretOnly = (): Reply => stripeError(401, 'invalid_request_error', 'This API call cannot be made with a publishable API key. Please use a secret API key.');

/**
 * "You may only specify one of these parameters: a, b." (code parameters_exclusive), Stripe's
 * answer to mutually exclusive parameters.
 */
export const exclusive = (...params: string[]): Reply =>
  stripeError(400, 'invalid_request_error', `You may only specify one of these parameters: ${params.join(', ')}.`, { code: 'parameters_exclusive', param: params[0] });

/** "Invalid cancellation_reason: must be one of a, b, or c", Stripe's wording for an enum value it does not know. */
export function invalidEnum(param: string, allowed: readonly string[]): Reply {
  const list = allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')}, or ${allowed[allowed.length - 1]}` : allowed[0];
  return stripeError(400, 'invalid_request_error', `Invalid ${param}: must be one of ${list}`, { param });
}
