/**
 * For the sandbox's own tests: starts the sandbox on an ephemeral loopback port with its data in a
 * temp dir, and makes the official stripe SDK talk to it (host, port and protocol options, plus a thin HTTP
 * client adding the mount's path prefix): the sandbox is held to the protocol as Stripe's own SDK speaks it,
 * while the functions use the smaller client in lambdas/store/stripe-api.ts.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { createStripeSandbox, SANDBOX_PREFIX, type SandboxOptions } from './server.js';

export const KEYS = { secretKey: 'sk_test_sandbox_harness', publishableKey: 'pk_test_sandbox_harness', webhookSecret: 'whsec_sandbox_harness' } as const;

export interface Harness {
  base: string;
  dataFile: string;
  /** the SDK on the secret key (or another key), pointed at the sandbox */
  stripe: (key?: string, config?: Stripe.StripeConfig) => Stripe;
  /** a raw request to the sandbox (path after /local/stripe), secret key unless told */
  raw: (method: string, pathAndQuery: string, init?: { body?: string; key?: string; headers?: Record<string, string> }) => Promise<{ status: number; body: any }>;
  /** writes the sandbox's state file now */
  flush: () => void;
  /** settles the ACH debits due by the sandbox clock, as the local stack's timer does (ach.ts) */
  settle: () => number;
  close: () => Promise<void>;
}

export async function startSandbox(options: Partial<SandboxOptions> = {}): Promise<Harness> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stripe-sandbox-'));
  const dataFile = options.dataFile ?? path.join(dir, 'stripe-sandbox.json');
  const mount = createStripeSandbox({ ...KEYS, webhookUrl: null, log: () => undefined, ...options, dataFile });
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (!(await mount(req, res, url))) {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}${SANDBOX_PREFIX}`;

  const stripe = (key: string = KEYS.secretKey, config: Stripe.StripeConfig = {}) => {
    const client = Stripe.createNodeHttpClient();
    const prefixed = Object.create(client) as typeof client;
    prefixed.makeRequest = (host, p, requestPath, ...rest) => client.makeRequest(host, p, `${SANDBOX_PREFIX}${requestPath}`, ...rest);
    return new Stripe(key, { host: '127.0.0.1', port, protocol: 'http', httpClient: prefixed, maxNetworkRetries: 0, ...config });
  };

  const raw: Harness['raw'] = async (method, pathAndQuery, init = {}) => {
    const res = await fetch(`${base}${pathAndQuery}`, {
      method,
      headers: { authorization: `Bearer ${init.key ?? KEYS.secretKey}`, 'content-type': 'application/x-www-form-urlencoded', ...init.headers },
      body: init.body,
    });
    return { status: res.status, body: await res.json() };
  };

  return {
    base,
    dataFile,
    stripe,
    raw,
    flush: () => mount.flush(),
    settle: () => mount.settle(),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until `check` answers truthy (polling), or fails after `ms`. */
export async function eventually<T>(check: () => T | Promise<T>, ms = 5_000): Promise<NonNullable<T>> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error('eventually: timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Starts a sandbox before the file's tests and closes it after them: the harness and the SDK on its secret key. */
export function sandboxPerFile(options: Partial<SandboxOptions> = {}): { readonly h: Harness; readonly stripe: Stripe } {
  let started: { h: Harness; stripe: Stripe } | undefined;
  beforeAll(async () => {
    const h = await startSandbox(options);
    started = { h, stripe: h.stripe() };
  });
  afterAll(() => started?.h.close());
  const get = () => {
    if (!started) throw new Error('the sandbox starts in beforeAll');
    return started;
  };
  return {
    get h() {
      return get().h;
    },
    get stripe() {
      return get().stripe;
    },
  };
}

/** The Stripe error a call fails with; fails the test when the call succeeds. */
export async function stripeFailure(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error('expected the call to fail');
}
