/** The sandbox's records, kept in one JSON file under the data folder so they survive a restart. */
import fs from 'node:fs';
import path from 'node:path';
import type { IdempotencyCache } from './idempotency.js';
import type { Charge, PaymentIntent, Refund, StripeEvent } from './objects.js';

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

export interface SandboxState {
  intents: Record<string, PaymentIntent>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
  /** oldest first */
  events: StripeEvent[];
  idempotency: IdempotencyCache;
  deliveries: Record<string, DeliveryRecord>;
  /** event type -> how many of the next events of that type to leave undelivered */
  dropNext: Record<string, number>;
}

const empty = (): SandboxState => ({ intents: {}, charges: {}, refunds: {}, events: [], idempotency: {}, deliveries: {}, dropNext: {} });

/** Reads a file written by this or an earlier version of the sandbox (fields added since get their defaults). */
function load(file: string): SandboxState {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<SandboxState>;
  const state = { ...empty(), ...raw };
  for (const intent of Object.values(state.intents)) {
    intent.canceled_at ??= null;
    intent.cancellation_reason ??= null;
    intent.automatic_payment_methods ??= null;
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
    this.state = fs.existsSync(file) ? load(file) : empty();
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
