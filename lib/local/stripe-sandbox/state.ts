/** The sandbox's records, kept in one JSON file under the data folder so they survive a restart. */
import fs from 'node:fs';
import path from 'node:path';
import type { Charge, PaymentIntent, Refund, StripeEvent } from './objects.js';

export interface IdempotentResponse {
  fingerprint: string;
  status: number;
  body: unknown;
}

export interface SandboxState {
  intents: Record<string, PaymentIntent>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
  events: StripeEvent[];
  idempotency: Record<string, IdempotentResponse>;
}

export class SandboxStore {
  readonly state: SandboxState;

  constructor(private readonly file: string) {
    this.state = fs.existsSync(file)
      ? (JSON.parse(fs.readFileSync(file, 'utf8')) as SandboxState)
      : { intents: {}, charges: {}, refunds: {}, events: [], idempotency: {} };
  }

  save(): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(this.state));
    fs.renameSync(temp, this.file); // atomic: a crash never leaves half a file
  }
}
