/** What every resource module of the sandbox gets: its records, how to emit events, who is asking. */
import type { FormObject } from './form.js';
import type { SandboxState } from './state.js';

/** Which of the account's keys authenticated the request. */
export type Caller = 'secret' | 'publishable';

export interface SandboxContext {
  state: SandboxState;
  emit: (type: string, object: unknown) => void;
}

export interface SandboxRequest {
  method: string;
  /** path segments after /v1, e.g. ['payment_intents', 'pi_x', 'confirm'] */
  segments: string[];
  /** the form body (POST) */
  form: FormObject;
  /** the query string, parsed the same way (GET) */
  query: FormObject;
  caller: Caller;
  /** the Stripe-Version the request asked for, else the account's (versions.ts) */
  apiVersion: string;
  /** where the sandbox was reached (scheme://host), for the URLs it hands out (3D Secure page) */
  origin: string;
  /** the caller's address and User-Agent: Stripe infers an online mandate's from a Stripe.js request */
  ip: string;
  userAgent: string;
}
