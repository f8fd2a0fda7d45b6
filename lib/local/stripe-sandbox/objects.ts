/** The Stripe API objects the sandbox keeps, with the fields our code and Stripe.js read. */
import { randomBytes } from 'node:crypto';

export const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'canceled';
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

export function stripeError(status: number, type: string, message: string, extra: Record<string, unknown> = {}) {
  return { status, body: { error: { type, message, ...extra } } };
}
