/**
 * Every alarm and dashboard graph on one of our metrics watches a metric the code emits.
 * The handlers that count something run against the stand-ins and their EMF lines are captured; then
 * the app is synthesized and each alarm/widget metric in our namespace must be one of those exactly
 * (namespace, name and dimension set). AWS/* metrics are AWS's own and out of scope.
 */
import { randomUUID } from 'node:crypto';
import { App } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Before any import below builds the Powertools Metrics instance (it reads this once, at construction):
// the stand-in environment turns metrics off, here they are what is under test.
vi.hoisted(() => {
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
});

import { handler as createIntent } from '../../lambdas/functions/payments/create-intent.js';
import { handler as login } from '../../lambdas/functions/users/login.js';
import { METRIC, METRICS_NAMESPACE } from '../../lambdas/observability/metric-names.js';
import { buildApp } from '../../lib/app.js';
import { cdkJsonContext, FIXTURE_WEB_DIST, removeSynthOutputs, stageContext, synthOutdir, TEST_ENV } from '../infra/synth.js';
import { apiEvent, invoke } from './support/events.js';
import { createSignIn, createStudentRecord, uniqueName } from './support/fixtures.js';
import { emittedIdentities, watchedMetrics } from './support/metric-identities.js';
import { deliver, signedEvent, succeeded } from './support/stripe-events.js';

/** EMF documents Powertools wrote to stdout (its own Console over process.stdout) while `run` ran. */
async function captureEmf(run: () => Promise<void>): Promise<Array<Record<string, unknown>>> {
  const documents: Array<Record<string, unknown>> = [];
  const write = process.stdout.write.bind(process.stdout);
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: any[]) => {
    const lines = String(chunk)
      .split('\n')
      .filter((line) => line.includes('"_aws"'));
    for (const line of lines) documents.push(JSON.parse(line) as Record<string, unknown>);
    return lines.length ? true : write(chunk, ...rest);
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return documents;
}

async function startPayment(username: string, amount: number): Promise<string> {
  const res = await invoke(
    createIntent,
    apiEvent('payments-create-intent', {
      caller: { username },
      body: { username, idempotency_key: randomUUID(), totalCost: amount, items: [{ program_type: 'certificate', program_id: 'na', amount }] },
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.paymentIntentId as string;
}

/** Everything that counts a metric, once each. */
async function exerciseEveryMetric() {
  const password = 'Correct!Horse9';
  const user = uniqueName('counted');
  await createSignIn({ username: user, password });
  expect((await invoke(login, apiEvent('users-login', { body: { username: user, password: 'Wrong!pass1' } }))).status).toBe(401);

  const { username } = await createStudentRecord({
    enrollments: [{ programType: 'certificate', programId: 'na', programName: 'Nursing Assistant', nextDueDate: '2026-12-15', enrolledAt: '2026-09-01T00:00:00.000Z' }],
    entries: [{ entryId: 'c1', kind: 'charge', programType: 'certificate', programId: 'na', amountCents: 150_000, createdAt: '2026-09-01T00:00:00.000Z' }],
  });
  const forged = signedEvent('payment_intent.succeeded', { id: 'pi_forged', amount: 100, amount_received: 100 }, { secret: 'whsec_attacker' });
  expect((await deliver(forged)).status).toBe(400);
  expect((await deliver({ payload: forged.payload, signature: '' })).status).toBe(400);
  // signed, but not a shape we can apply
  expect((await deliver(signedEvent('payment_intent.succeeded', { id: 'pi_badshape', amount: '100' }))).status).toBe(400);
  expect((await deliver(succeeded(await startPayment(username, 100), 10_000))).body).toMatchObject({ outcome: 'applied' });
  const declined = await startPayment(username, 50);
  const failed = signedEvent('payment_intent.payment_failed', { id: declined, amount: 5_000, last_payment_error: { message: 'Your card was declined.' } });
  expect((await deliver(failed)).body).toMatchObject({ outcome: 'applied' });
}

/**
 * One stage's templates, without bundling the Lambdas (`aws:cdk:bundling-stacks` empty: CDK stages
 * a placeholder asset instead, a few seconds instead of half a minute): only the alarms matter here.
 */
function synthesizedResources() {
  const app = new App({ context: { ...cdkJsonContext(), ...stageContext('dev'), 'aws:cdk:bundling-stacks': [] }, outdir: synthOutdir() });
  buildApp({ app, stage: 'dev', webAssetPath: FIXTURE_WEB_DIST, env: TEST_ENV });
  return Object.assign({}, ...app.synth().stacks.map((stack) => (stack.template as { Resources?: object }).Resources ?? {}));
}

afterAll(removeSynthOutputs);

describe('alarms and graphs watch metrics the functions emit', () => {
  let emitted: Set<string>;
  beforeAll(async () => {
    emitted = new Set((await captureEmf(exerciseEveryMetric)).flatMap(emittedIdentities));
  });

  it('emits every metric of the METRIC list when its event happens', () => {
    const names = [...emitted].filter((m) => m.startsWith(`${METRICS_NAMESPACE} `)).map((m) => m.split(' ')[1]);
    expect(new Set(names)).toEqual(new Set(Object.values(METRIC)));
  });

  it('names, in every alarm and dashboard widget on our namespace, a namespace + metric + dimension set that was emitted', () => {
    const ours = watchedMetrics(synthesizedResources()).filter(({ metric }) => !metric.startsWith('AWS/'));
    expect(ours.length).toBeGreaterThan(0);
    const notEmitted = ours.filter(({ metric }) => !emitted.has(metric));
    expect(notEmitted, `emitted: ${[...emitted].join('; ')}`).toEqual([]);
    // each of our metrics is on the dashboard or behind an alarm
    expect(new Set(ours.map(({ metric }) => metric.split(' ')[1]))).toEqual(new Set(Object.values(METRIC)));
  }, 120_000);
});
