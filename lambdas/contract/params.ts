/**
 * The path parameters of the routes, one schema per kind of `{name}`: every handler validates its own
 * with one of these, so no handler imports another (each handler module registers its Lambda when
 * imported, and its bundle would carry the other's code).
 */
import { Username } from './username.js';
import * as z from './zod.js';

/** `{id}` of a course, cohort or document: our own ids, at most 64 characters. */
export const RecordIdParams = z.object({ id: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(64, 'is too long')) });

/** `{username}`: canonical (trimmed, lower-case), as the profile is keyed. */
export const UsernameParams = z.object({ username: Username });

/** `{id}` of a payment: Stripe's PaymentIntent id. */
export const PaymentIntentParams = z.object({ id: z.string().check(z.regex(/^pi_[A-Za-z0-9_]{1,200}$/, 'must be a PaymentIntent id')) });

/** `{username}` and `{id}` of a saved payment method (Stripe's PaymentMethod id). */
export const PaymentMethodParams = z.object({ username: Username, id: z.string().check(z.regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'must be a saved payment method')) });
