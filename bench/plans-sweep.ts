/**
 * The payment plan sweep over 10,000 active plans on the local stack (issue 25): every student owes on an enrollment
 * and has one active plan with autopay and a saved card; for the plans debited on the day the card is saved on a
 * Customer of the Stripe sandbox (made through the app's Stripe client, as store/stripe-customer.ts makes them).
 * Students, bills, plans, their lookups and program markers are written straight into the table through the stores'
 * item builders, the sweep index (gsi2) worked out as of the bench's day. The job (payment-plans-sweep) then runs as the
 * local jobs runner runs it, as of that morning, on which `due` plans have an installment to debit, `reminders` have
 * one due in 1 or 7 days and the rest nothing (their day is later): timed, with the DynamoDB requests the job itself
 * sends (the webhook's, when the stack has a gateway, are not counted) and the PaymentIntents it makes. The same
 * morning again is the idempotency check: no new PaymentIntent.
 *
 * Standalone (`npx tsx bench/plans-sweep.ts [--students N] [--due N]`: no gateway, so the sandbox delivers no events),
 * and a row of `npm run bench`.
 */
import '../lib/local/quiet-node-version-warning.js';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PlanTemplate } from '../lambdas/domain/installment-plan.js';
import type { LedgerEntry } from '../lambdas/domain/ledger.js';
import type { PaymentPlanRecord } from '../lambdas/store/payment-plan.js';
import type { Item } from '../lambdas/store/dynamo.js';
import { jobById } from '../lambdas/jobs.js';
import type { Row } from './report.js';
import { isStandalone, onThrowawayStack, studentsArg } from './standalone.js';

export interface PlansSweepResult {
  plans: number;
  due: number;
  /** Making the sandbox Customers of the plans due and attaching their cards, then writing the table. */
  customersMs: number;
  seedMs: number;
  first: SweepRun;
  again: SweepRun;
  /** PaymentIntents of these plans in the sandbox after each run. */
  intentsAfterFirst: number;
  intentsAfterAgain: number;
}

export interface SweepRun {
  ms: number;
  /** Plans read from the sweep index (their day has come). */
  read: number;
  charges: number;
  reminders: number;
  /** DynamoDB requests sent by the job (every command, counted once however often the SDK retries it). */
  requests: number;
}

/** The bench's morning: 05:00 in Chicago (the job's cron) on a Monday in March 2031. */
const NOW = new Date('2031-03-03T11:00:00Z');
const TODAY = '2031-03-03';
/** The plans started on this day, so installments 0 (down payment), 1 and 2 are paid and 3 falls in March. */
const START_DAY = '2030-12-14';
const PAID_SEQS = 3;
const TUITION_CENTS = 1_200_000;
const WORKERS = 8;

/** The day of the month each plan's installments fall on: today (a debit), tomorrow or in a week (a reminder), or later. */
function dayOfMonth(i: number, due: number, reminders: number): number {
  if (i < due) return 3;
  if (i < due + reminders / 2) return 4;
  if (i < due + reminders) return 10;
  return 11 + (i % 17);
}

/** Seeds the students with their plans, then runs the sweep twice as of one morning. */
export async function measurePlansSweep(db: DynamoDBDocumentClient, table: string, plans = 10_000, due = 1_000, reminders = 1_000): Promise<PlansSweepResult> {
  // imported once the stack's environment is set: the stores read the table's name as they load
  const { writeAll } = await import('./seed.js');
  const { runAt } = await import('../lambdas/domain/clock.js');
  const { computeSchedule } = await import('../lambdas/domain/installment-plan.js');
  const { addDays } = await import('../lambdas/domain/compliance.js');
  const { REMINDER_DAYS_BEFORE, reminderKey, startInstallments } = await import('../lambdas/domain/plan-collection.js');
  const { PLAN_AGREEMENT_VERSION } = await import('../lambdas/contract/payment-plans.js');
  const { inParallel } = await import('../lambdas/schedule/in-parallel.js');
  const { db: handlerDb } = await import('../lambdas/store/dynamo.js');
  const { stripe } = await import('../lambdas/store/payment-gateway.js');
  const { PaymentPlan, lookupItem, planKeys } = await import('../lambdas/store/payment-plan.js');
  const { savedMethod } = await import('../lambdas/store/stripe-customer.js');
  const { studentItems } = await import('../lambdas/store/student.js');
  const { createJobsRunner } = await import('../lib/local/jobs-runner.js');
  // loaded before the clock starts, as a warm Lambda has it
  await import('../lambdas/functions/jobs/sweep-payment-plans.js');

  const tag = `ps${Date.now().toString(36)}`;
  const client = await stripe();

  let started = Date.now();
  const usernames = Array.from({ length: plans }, (_, i) => `${tag}-s${i}`);
  // a Customer with a card in the sandbox for each plan debited today; 10,000 took 11 minutes (the sandbox rewrites its
  // whole JSON file after every change), so the plans with nothing to debit today carry ids the sweep never sends
  type Card = { customerId: string; method: NonNullable<ReturnType<typeof savedMethod>> };
  const cards: Card[] = [];
  await inParallel([...usernames.keys()].slice(0, due), WORKERS, async (i) => {
    const username = usernames[i]!;
    const customer = await client.customers.create(
      { email: `${username}@bench.example.edu`, name: `Plan ${username}`, metadata: { username } },
      { idempotencyKey: `customer#${username}` },
    );
    const method = savedMethod(await client.paymentMethods.attach('pm_card_visa', { customer: customer.id }));
    if (!method) throw new Error(`the sandbox attached no card to ${customer.id}`);
    cards[i] = { customerId: customer.id, method };
  });
  const cardOf = (i: number): Card => cards[i] ?? { customerId: `cus_${tag}${i}`, method: { id: `pm_${tag}${i}`, type: 'card', label: 'Visa •••• 4242' } };
  const customersMs = Date.now() - started;

  const programType = 'diploma' as const;
  const enrollment = { programType, programId: 'diploma-1', programName: 'Bench diploma', nextDueDate: null, enrolledAt: '2030-12-01T15:00:00.000Z' };
  const acceptedAt = `${START_DAY}T16:00:00.000Z`;
  /** One student's items: profile, enrollment and ledger (tuition less what the plan has collected), plan, lookup, marker. */
  const studentWithPlan = (i: number): Item[] => {
    const username = usernames[i]!;
    const { customerId, method } = cardOf(i);
    const id = `${tag}-plan-${i}`;
    const terms = {
      downPaymentPercent: 10,
      installments: 10,
      dayOfMonth: dayOfMonth(i, due, reminders),
      setupFeeCents: 0,
      graceDays: 5,
      lateFeeCents: 2_500,
      returnedPaymentFeeCents: 3_000,
    };
    const template: PlanTemplate = { id: 'bench-monthly', name: 'Monthly (bench)', programTypes: [programType], active: true, ...terms };
    const installments = startInstallments(computeSchedule({ balanceCents: TUITION_CENTS, template, startDay: START_DAY })).map((inst) =>
      inst.seq < PAID_SEQS ? { ...inst, status: 'paid' as const, attempts: [{ n: 1, on: inst.dueOn, intentId: `pi_${id}_${inst.seq}`, outcome: 'succeeded' as const }] } : inst,
    );
    const paid = installments.filter((inst) => inst.status === 'paid');
    // the reminders whose day has passed were sent (the one of today is the sweep's to send)
    const sentReminders = installments
      .filter((inst) => inst.kind === 'installment')
      .flatMap((inst) => REMINDER_DAYS_BEFORE.filter((d) => addDays(inst.dueOn, -d) < TODAY).map((d) => reminderKey(id, inst.seq, d)));
    const lastName = `Sweep${String(i).padStart(5, '0')}`;
    const email = `${username}@bench.example.edu`;
    const profile = { username, sub: `sub-${username}`, firstName: 'Plan', lastName, email, phone: null, createdAt: enrollment.enrolledAt, onPaymentPlan: true };
    const plan: PaymentPlanRecord = {
      id,
      username,
      programType,
      programId: enrollment.programId,
      programName: enrollment.programName,
      templateId: template.id,
      templateName: template.name,
      terms,
      totalCents: TUITION_CENTS,
      status: 'active',
      autopay: true,
      customerId,
      paymentMethod: method,
      installments,
      agreement: { typedName: `Plan ${lastName}`, acceptedAt, version: PLAN_AGREEMENT_VERSION, ip: null, userAgent: null },
      sentReminders,
      createdAt: acceptedAt,
      updatedAt: `${paid.at(-1)!.dueOn}T12:00:00.000Z`,
      version: 1 + paid.length,
    };
    const payments = paid.map((inst): LedgerEntry => {
      const intentId = inst.attempts[0]!.intentId;
      const { programId } = enrollment;
      return {
        entryId: `${intentId}-0`,
        kind: 'payment',
        programType,
        programId,
        amountCents: inst.amountCents,
        createdAt: `${inst.dueOn}T12:00:00.000Z`,
        status: 'succeeded',
        method: 'card',
        reference: intentId,
      };
    });
    return [
      ...studentItems({
        profile: { ...profile, programType, programName: enrollment.programName, cohortId: null, stripeCustomerId: customerId },
        enrollments: [enrollment],
        entries: [
          {
            entryId: `tuition-${i}`,
            kind: 'charge',
            programType,
            programId: enrollment.programId,
            amountCents: TUITION_CENTS,
            createdAt: enrollment.enrolledAt,
            reason: 'Tuition',
          },
          ...payments,
        ],
      }),
      PaymentPlan.item(plan),
      lookupItem(plan),
      { ...planKeys.programMarker(username, programType, enrollment.programId), type: 'payment-plan-marker', planId: id },
    ];
  };
  function* items(): Generator<Item[]> {
    for (let i = 0; i < plans; i++) yield studentWithPlan(i);
  }
  started = Date.now();
  // the sweep index is worked out as of the bench's morning, as the plan's last write would have left it
  await runAt(NOW, () => writeAll(db, table, items()));
  const seedMs = Date.now() - started;

  // the job's own requests: counted in its async context only, not the webhook's running beside it
  const counting = new AsyncLocalStorage<{ requests: number }>();
  const COUNTER = 'plansSweepRequestCounter';
  handlerDb.middlewareStack.add(
    (next) => async (args) => {
      const count = counting.getStore();
      if (count) count.requests++;
      return next(args);
    },
    { step: 'initialize', name: COUNTER },
  );
  const runner = createJobsRunner();
  const sweep = async (): Promise<SweepRun> => {
    const count = { requests: 0 };
    const begun = performance.now();
    const result = (await counting.run(count, () => runner.run('payment-plans-sweep', NOW))) as { plans: number; done: string[] };
    const ms = performance.now() - begun;
    const mine = result.done.filter((d) => d.startsWith(tag));
    return {
      ms,
      read: result.plans,
      charges: mine.filter((d) => d.includes(' charge ')).length,
      reminders: mine.filter((d) => d.includes(' remind ')).length,
      requests: count.requests,
    };
  };
  const intents = async () => {
    let n = 0;
    for await (const intent of client.paymentIntents.list({ limit: 100 })) if (intent.metadata?.plan?.startsWith(tag)) n++;
    return n;
  };
  try {
    const first = await sweep();
    const intentsAfterFirst = await intents();
    const again = await sweep();
    return { plans, due, customersMs, seedMs, first, again, intentsAfterFirst, intentsAfterAgain: await intents() };
  } finally {
    handlerDb.middlewareStack.remove(COUNTER);
    await runner.stop();
  }
}

const n = (x: number) => x.toLocaleString('en-US');

/** The bench's row: the same text from `npm run bench` and standalone. */
export function plansSweepRow(r: PlansSweepResult): Row {
  const { timeoutSeconds } = jobById('payment-plans-sweep')!;
  const { first, again } = r;
  const newIntents = r.intentsAfterAgain - r.intentsAfterFirst;
  return {
    figure:
      `Payment plan sweep (payment-plans-sweep, run as the local jobs runner runs it) over ${n(r.plans)} active plans with autopay: ${n(r.due)} installments due on the day ` +
      `(those plans' cards on sandbox Customers), ${n(first.reminders)} reminders, ${n(r.plans - first.read)} with nothing until later`,
    measured:
      `${n(first.read)} plans read from the index; ${n(first.charges)} charges (${n(r.intentsAfterFirst)} PaymentIntents) and ${n(first.reminders)} reminders in ` +
      `${(first.ms / 1000).toFixed(1)} s, ${n(first.requests)} DynamoDB requests; ${(first.ms / first.read).toFixed(1)} ms per plan due (${(first.ms / first.charges).toFixed(1)} ms per debit); ` +
      `the same day again: ${n(again.read)} plans read, ${newIntents} new PaymentIntents, ${again.ms.toFixed(0)} ms, ${n(again.requests)} DynamoDB requests ` +
      `(seeding: ${n(r.due)} Customers with a card ${(r.customersMs / 1000).toFixed(0)} s, the table ${(r.seedMs / 1000).toFixed(0)} s)`,
    budget: `within the job's ${timeoutSeconds} s timeout; the rerun makes no new PaymentIntent`,
    result: first.ms < timeoutSeconds * 1000 && newIntents === 0 && again.charges === 0 && first.charges === r.due ? 'pass' : 'FAIL',
  };
}

async function main(argv: string[]) {
  const plans = studentsArg(argv, 10_000);
  const dueAt = argv.indexOf('--due');
  const due = dueAt >= 0 ? Number(argv[dueAt + 1]) : Math.min(1_000, plans / 10);
  await onThrowawayStack('plans-sweep', async () => {
    const { db, TABLE_NAME } = await import('../lambdas/store/dynamo.js');
    const row = plansSweepRow(await measurePlansSweep(db, TABLE_NAME, plans, due, due));
    console.log(`| ${row.figure} | ${row.measured} | ${row.budget} | ${row.result} |`);
  });
}

if (isStandalone(import.meta.url)) await main(process.argv.slice(2));
