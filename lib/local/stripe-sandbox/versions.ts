/**
 * API versions. A request's version is its `Stripe-Version` header, else the account's default
 * (https://docs.stripe.com/api/versioning). The official stripe SDK pins one and sends it on every
 * request (stripe 23.1.0 sends 2026-10-28.endive unless `apiVersion` is set); the SPA's sandbox form
 * sends none, so it gets the account's (events.ts ACCOUNT_API_VERSION). The sandbox renders objects in
 * one shape whatever the version and only gates the behaviour below on it.
 */
import { ACCOUNT_API_VERSION } from './events.js';

/**
 * 2026-07-29.dahlia added `allowed_payment_method_types` to PaymentIntents
 * (https://docs.stripe.com/changelog/dahlia/2026-07-29/allowed-payment-method-types-parameter).
 */
export const ALLOWED_TYPES_SINCE = '2026-07-29';

/**
 * 2026-09-30.endive removed `payment_method_types` as a writable parameter: "Passing
 * payment_method_types on this API version returns a 400 error with the code
 * payment_method_types_no_longer_supported"
 * (https://docs.stripe.com/changelog/endive/2026-09-30/removes-the-payment-method-types-parameter-from-payment-intents-and-setup-intents).
 */
export const NO_PAYMENT_METHOD_TYPES_SINCE = '2026-09-30';

export function requestApiVersion(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.trim() !== '' ? value.trim() : ACCOUNT_API_VERSION;
}

/** Whether `version` (e.g. '2026-10-28.endive') is `date` (YYYY-MM-DD) or later. */
export const isAtLeast = (version: string, date: string): boolean => version.slice(0, 10) >= date;
