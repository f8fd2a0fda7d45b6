/** The sandbox's records, kept in one JSON file under the data folder so they survive a restart. */
import fs from 'node:fs';
import path from 'node:path';
import type { IdempotencyCache } from './idempotency.js';
import type { Charge, MethodOrigin, Customer, Mandate, PaymentIntent, PaymentMethod, Refund, SetupIntent, StripeEvent } from './objects.js';

/** One try at delivering an event to the webhook endpoint. */
export interface DeliveryAttempt {
  /** unix seconds */
  at: number;
  ok: boolean;
  /** the endpoint's HTTP status, or null when it could not be reached */
  status: number | null;
  error: string | null;
}

/** Sandbox-only: what became of an event's webhook delivery (not part of Stripe's Event object). */
export interface DeliveryRecord {
  event: string;
  type: string;
  /** skipped on purpose through POST /local/stripe/__control/drop-next */
  dropped: boolean;
  delivered: boolean;
  /** true once every retry failed */
  gaveUp: boolean;
  attempts: DeliveryAttempt[];
}

/**
 * Sandbox-only: an ACH debit in flight (ach.ts). `due` is when it settles (sandbox clock, ms);
 * `failure` the return its test account number makes, or null when it succeeds.
 */
export interface PendingDebit {
  intent: string;
  charge: string;
  due: number;
  failure: { code: string; message: string } | null;
}

export interface SandboxState {
  intents: Record<string, PaymentIntent>;
  customers: Record<string, Customer>;
  paymentMethods: Record<string, PaymentMethod>;
  setupIntents: Record<string, SetupIntent>;
  mandates: Record<string, Mandate>;
  /** payment method id -> the test card or test bank account it stands for (never shown) */
  methodOrigins: Record<string, MethodOrigin>;
  /** ACH debits waiting to settle, by intent id */
  pendingDebits: Record<string, PendingDebit>;
  /** setup intent id -> wrong microdeposit verification attempts so far */
  microdepositAttempts: Record<string, number>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
  /** oldest first */
  events: StripeEvent[];
  idempotency: IdempotencyCache;
  deliveries: Record<string, DeliveryRecord>;
  /** event type -> how many of the next events of that type to leave undelivered */
  dropNext: Record<string, number>;
}

/** A new sandbox's records. */
export const emptyState = (): SandboxState => ({
  intents: {},
  customers: {},
  paymentMethods: {},
  setupIntents: {},
  mandates: {},
  methodOrigins: {},
  pendingDebits: {},
  microdepositAttempts: {},
  charges: {},
  refunds: {},
  events: [],
  idempotency: {},
  deliveries: {},
  dropNext: {},
});

/** Reads a file written by this or an earlier version of the sandbox (fields added since get their defaults). */
function load(file: string): SandboxState {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<SandboxState>;
  const state = { ...emptyState(), ...raw };
  for (const intent of Object.values(state.intents)) {
    intent.canceled_at ??= null;
    intent.cancellation_reason ??= null;
    intent.automatic_payment_methods ??= null;
    intent.customer ??= null;
    intent.next_action ??= null;
    intent.setup_future_usage ??= null;
  }
  for (const charge of Object.values(state.charges)) {
    charge.failure_code ??= null;
    charge.failure_message ??= null;
    charge.customer ??= null;
  }
  return state;
}

/** How long changes gather before one write: many requests at once cost one write, not one each. */
export const SAVE_DELAY_MS = 50;

const unsaved = new Set<SandboxStore>();
let exitHook = false;

/**
 * The state in memory, written to its file (whole, atomically) at most once per SAVE_DELAY_MS after a
 * change, and at once when the process exits normally (Ctrl-C on `npm start` exits through
 * process.exit). With 30 days of events the file is megabytes: writing it on every request made many
 * concurrent requests wait on each other's writes.
 */
export class SandboxStore {
  readonly state: SandboxState;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly file: string) {
    this.state = fs.existsSync(file) ? load(file) : emptyState();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (!exitHook) {
      exitHook = true;
      process.on('exit', () => {
        for (const store of unsaved) store.flush();
      });
    }
  }

  /** Marks the state changed; it is written shortly. */
  save(): void {
    unsaved.add(this);
    this.timer ??= setTimeout(() => {
      try {
        this.flush();
      } catch (error) {
        // outside any request: a throw here would stop the whole process; the next change retries
        unsaved.add(this);
        console.error(`[stripe-sandbox] could not save ${this.file}: ${(error as Error).message}`);
      }
    }, SAVE_DELAY_MS).unref();
  }

  /** Writes the state now if it changed. A folder removed meanwhile (a finished test) is left removed. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!unsaved.delete(this)) return;
    const temp = `${this.file}.tmp`;
    try {
      fs.writeFileSync(temp, JSON.stringify(this.state));
      fs.renameSync(temp, this.file); // atomic: a crash never leaves half a file
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
