/**
 * The Payment plan: its keys, its item layout and its writes. A plan lives in its student's partition
 * (`PLAN#<created>#<id>`), so the student's record with their plans is one Query; a lookup item finds it by id.
 * One plan per program at a time: a marker (`PLANFOR#<type>#<program>`) is put with the plan on a condition, so two
 * tabs cannot both start one. Indexes:
 *   gsi1 `PLANS#<status>` by creation: finance's list by status;
 *   gsi2 `PLAN_SWEEP` by the next day the sweep has something to do (domain/plan-collection.ts nextActionDay), only
 *        while the plan collects: the daily sweep reads the plans whose day has come, never all of them.
 * The terms are the template's as they were when the student accepted them; later template changes never touch a plan.
 */
import type { PlanStatusName } from '../contract/payment-plans.js';
import { INSTALLMENT_STATUSES, PLAN_STATUSES } from '../contract/payment-plans.js';
import { PROGRAM_TYPES, type ProgramType } from '../contract/programs.js';
import * as z from '../contract/zod.js';
import { now, schoolDay } from '../domain/clock.js';
import { Conflict } from '../domain/errors.js';
import type { LedgerEntry } from '../domain/ledger.js';
import { nextActionDay, type PlanForSweep } from '../domain/plan-collection.js';
import { auditPut, type AuditEntry } from './audit.js';
import { PlanTemplateItem } from './plan-template.js';
import { batchGetAll, entity, getItem, queryAll, queryPage, TABLE_NAME, transactWrite, type Item, type RecordOf, type TransactItems } from './dynamo.js';
import { ledgerFromItems, ledgerItem, studentCollection, studentKeys, type StudentLedger, type StudentRef } from './student.js';

const PLAN_PREFIX = 'PLAN#';

export const planKeys = {
  plan: (username: string, createdAt: string, id: string) => ({ pk: studentKeys.student(username), sk: `${PLAN_PREFIX}${createdAt}#${id}` }),
  lookup: (id: string) => ({ pk: `PAYMENT_PLAN#${id}`, sk: 'PLAN' }),
  /** Held while a plan of the program collects (active, past due or paused). */
  programMarker: (username: string, programType: ProgramType, programId: string) => ({ pk: studentKeys.student(username), sk: `PLANFOR#${programType}#${programId}` }),
  withStatus: (status: PlanStatusName) => `PLANS#${status}`,
  sweep: 'PLAN_SWEEP',
} as const;

const Attempt = () =>
  z.object({
    n: z.number(),
    on: z.string(),
    intentId: z.string(),
    outcome: z.enum(['processing', 'succeeded', 'declined', 'authentication_required', 'failed']),
    code: z.optional(z.string()),
  });

export const PaymentPlan = entity(
  'payment-plan',
  () =>
    z.object({
      id: z.string(),
      username: z.string(),
      programType: z.enum(PROGRAM_TYPES),
      programId: z.string(),
      programName: z.string(),
      templateId: z.string(),
      templateName: z.string(),
      /** The template's terms as the student accepted them. */
      terms: z.pick(PlanTemplateItem.shape, {
        downPaymentPercent: true,
        installments: true,
        dayOfMonth: true,
        setupFeeCents: true,
        graceDays: true,
        lateFeeCents: true,
        returnedPaymentFeeCents: true,
      }),
      /** What the schedule adds up to: the balance when accepted plus the setup fee. */
      totalCents: z.number(),
      status: z.enum(PLAN_STATUSES),
      autopay: z.boolean(),
      customerId: z.nullable(z.string()),
      paymentMethod: z.nullable(z.object({ id: z.string(), type: z.enum(['card', 'us_bank_account']), label: z.string() })),
      installments: z.array(
        z.object({
          seq: z.number(),
          dueOn: z.string(),
          amountCents: z.number(),
          kind: z.enum(['down_payment', 'installment']),
          status: z.enum(INSTALLMENT_STATUSES),
          attempts: z.array(Attempt()),
          lateFee: z.nullable(z.object({ entryId: z.string(), postedOn: z.string(), waived: z.optional(z.object({ by: z.string(), reason: z.string(), on: z.string() })) })),
          returnedFees: z.array(z.string()),
        }),
      ),
      agreement: z.object({ typedName: z.string(), acceptedAt: z.string(), version: z.string(), ip: z.nullable(z.string()), userAgent: z.nullable(z.string()) }),
      /** Reminder keys already sent (the sweep sends each once). */
      sentReminders: z.array(z.string()),
      createdAt: z.string(),
      updatedAt: z.string(),
      /** Bumped by every write; each write is conditional on the version it read. */
      version: z.number(),
    }),
  (p) => ({
    ...planKeys.plan(p.username, p.createdAt, p.id),
    gsi1pk: planKeys.withStatus(p.status),
    gsi1sk: `${p.createdAt}#${p.id}`,
    ...sweepIndex(p),
  }),
);
export type PaymentPlanRecord = RecordOf<typeof PaymentPlan>;

/** The plan's place in the sweep's index: the next day it has something to do, while it collects. */
function sweepIndex(p: Omit<PlanForSweep, 'vaPaymentPending'> & { sentReminders: readonly string[] }): Item {
  // a VA payment pending is known when the sweep reads the student; here the plan is indexed as if it were not, which
  // only ever makes its day earlier (a late fee the sweep then does not post)
  const day = nextActionDay({ ...p, vaPaymentPending: false }, schoolDay(now()), new Set(p.sentReminders));
  return day ? { gsi2pk: planKeys.sweep, gsi2sk: `${day}#${p.id}` } : {};
}

/** The item that finds a plan by its id (getPlan); bench/plans-sweep.ts seeds it with the plan. */
export const lookupItem = (p: PaymentPlanRecord): Item => ({
  ...planKeys.lookup(p.id),
  type: 'payment-plan-lookup',
  username: p.username,
  planSk: planKeys.plan(p.username, p.createdAt, p.id).sk,
});
const Lookup = () => z.object({ username: z.string(), planSk: z.string() });

/** Plans that still hold their program (one at a time). */
export const holdsProgram = (status: PlanStatusName) => status === 'active' || status === 'past_due' || status === 'paused';

/**
 * Writes a new plan in one transaction with its lookup, the program's marker (refused when another plan of the
 * program collects: 409), the setup fee as an ordinary charge (the program's owed counter and the profile's balance
 * move with it), `onPaymentPlan` on the profile (on the condition that the bill is the one the schedule was worked out
 * from: its ledgerVersion), and the audit entry.
 */
export async function createPlan(plan: PaymentPlanRecord, ref: StudentRef & { ledgerVersion?: number }, setupFee: LedgerEntry | null, audit: AuditEntry): Promise<void> {
  const { ledgerVersion } = ref;
  const feeCents = setupFee?.amountCents ?? 0;
  const items: TransactItems = [
    { Put: { TableName: TABLE_NAME, Item: PaymentPlan.item(plan), ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: TABLE_NAME, Item: lookupItem(plan), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Put: {
        TableName: TABLE_NAME,
        Item: { ...planKeys.programMarker(plan.username, plan.programType, plan.programId), type: 'payment-plan-marker', planId: plan.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: TABLE_NAME,
        Key: studentKeys.profile(plan.username),
        UpdateExpression: feeCents ? 'SET onPaymentPlan = :on ADD balanceCents :fee, ledgerVersion :one' : 'SET onPaymentPlan = :on',
        // the schedule was worked out from the bill as read: a payment or charge since then is a 409, never a stale plan
        ConditionExpression: ledgerVersion === undefined ? 'attribute_exists(pk) AND attribute_not_exists(ledgerVersion)' : 'ledgerVersion = :version',
        ExpressionAttributeValues: { ':on': true, ...(feeCents ? { ':fee': feeCents, ':one': 1 } : {}), ...(ledgerVersion === undefined ? {} : { ':version': ledgerVersion }) },
      },
    },
    ...(setupFee
      ? [
          { Put: { TableName: TABLE_NAME, Item: ledgerItem(ref, setupFee), ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Update: {
              TableName: TABLE_NAME,
              Key: studentKeys.enrollment(plan.username, plan.programType, plan.programId),
              UpdateExpression: 'ADD owedCents :fee',
              ConditionExpression: 'attribute_exists(owedCents)',
              ExpressionAttributeValues: { ':fee': feeCents },
            },
          },
        ]
      : []),
    auditPut(audit, plan.createdAt),
  ];
  await transactWrite(items, (failed) => {
    if (failed.includes(2)) throw new Conflict(`program_id: ${plan.programName} already has a payment plan`);
    throw new Conflict('The bill changed while the plan was being set up; please try again');
  });
}

/** A plan by id (its lookup, then the plan), or null. */
export async function getPlan(id: string): Promise<PaymentPlanRecord | null> {
  const lookup = await getItem(planKeys.lookup(id), { consistent: true });
  if (!lookup) return null;
  const { username, planSk } = Lookup().parse(lookup);
  const found = await getItem({ pk: studentKeys.student(username), sk: planSk }, { consistent: true });
  return found ? PaymentPlan.fromItem(found) : null;
}

/** The student's bill and their plans, from one Query of their partition (enrollments, ledger, plans, profile). */
export async function studentBillAndPlans(username: string): Promise<{ ledger: StudentLedger; plans: PaymentPlanRecord[] } | null> {
  const items = await studentCollection(username);
  const ledger = ledgerFromItems(items);
  if (!ledger) return null;
  const plans = items.filter((i) => i.type === PaymentPlan.type).map((i) => PaymentPlan.fromItem(i));
  return { ledger, plans: plans.sort((a, b) => b.createdAt.localeCompare(a.createdAt)) };
}

/**
 * The ids of the plans whose next action day (the sweep index, gsi2) is `today` or earlier: days the sweep missed are
 * caught up. The index is eventually consistent, so the sweep reads each plan again (getPlan) before acting.
 */
export async function plansDueBy(today: string): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :last',
    ExpressionAttributeValues: { ':pk': planKeys.sweep, ':last': `${today}#\uffff` },
    ProjectionExpression: 'id',
  });
  return [...new Set(items.map((i) => String(i.id)))];
}

/**
 * The TransactWrite item replacing the plan as read (`current`) with `next`, conditional on nothing having written it
 * since (its version); the sweep index moves with it.
 */
export function planWrite(current: PaymentPlanRecord, next: PaymentPlanRecord, at: string): TransactItems[number] {
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: PaymentPlan.item({ ...next, version: current.version + 1, updatedAt: at }),
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: { ':version': current.version },
    },
  };
}

/** A change's own items (the bill as read, a marker) were refused: the data is not what the change was worked out from. */
export class PlanItemsRefused extends Conflict {
  constructor(id: string, items: number[]) {
    super(`Payment plan ${id}: a write with it was refused (items ${items.join(', ')})`);
  }
}

/** A change worked out from the plan as read: the plan after it and what is written with it, or null for none. */
export type PlanChange = (plan: PaymentPlanRecord) => Promise<{ plan: PaymentPlanRecord; items?: TransactItems } | null>;

/**
 * Applies `change` to the plan in one transaction with the items it brings, conditional on the plan's version; when
 * another write got there first (the webhook, a second sweep) the plan is read again and the change worked out anew.
 * A caller that has just read or written the plan passes it as `asRead`, and the first try starts from it instead of
 * reading it again: the version condition refuses it all the same if it is no longer current.
 * Answers the plan as written (or as read when the change had nothing to do), null when there is no such plan.
 */
export async function changePlan(id: string, change: PlanChange, at: string, asRead?: PaymentPlanRecord): Promise<PaymentPlanRecord | null> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const current = attempt === 1 && asRead ? asRead : await getPlan(id);
    if (!current) return null;
    const next = await change(current);
    if (!next) return current;
    const result = await transactWrite([planWrite(current, next.plan, at), ...(next.items ?? [])]);
    if (result.ok) return { ...next.plan, version: current.version + 1, updatedAt: at };
    // anything but the plan's own condition is the caller's item saying the data is not what it expected
    if (!result.failedConditions.includes(0)) throw new PlanItemsRefused(id, result.failedConditions);
  }
  throw new Conflict(`Payment plan ${id} kept changing while it was being updated`);
}

/**
 * The items that end a cancelled plan's hold on its program: the program's marker removed (a new plan may start) and
 * `onPaymentPlan` on the profile set to whether another plan of the student still collects.
 */
export function releaseProgram(plan: PaymentPlanRecord, otherPlansCollect: boolean): TransactItems {
  return [
    { Delete: { TableName: TABLE_NAME, Key: planKeys.programMarker(plan.username, plan.programType, plan.programId) } },
    {
      Update: {
        TableName: TABLE_NAME,
        Key: studentKeys.profile(plan.username),
        UpdateExpression: 'SET onPaymentPlan = :on',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':on': otherPlansCollect },
      },
    },
  ];
}

/** One page of the plans with a status (gsi1 `PLANS#<status>`), newest first, with their students' names (one BatchGet). */
export async function listPlans(status: PlanStatusName, limit: number, cursor?: Record<string, unknown>) {
  const page = await queryPage(
    { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': planKeys.withStatus(status) }, ScanIndexForward: false },
    limit,
    cursor,
  );
  const plans = page.items.map((i) => PaymentPlan.fromItem(i));
  const profiles = await batchGetAll(plans.map((p) => studentKeys.profile(p.username)));
  const names = new Map(profiles.map((p) => [String(p.username), `${String(p.firstName ?? '')} ${String(p.lastName ?? '')}`.trim()]));
  return { plans: plans.map((plan) => ({ plan, studentName: names.get(plan.username) || plan.username })), lastKey: page.lastKey };
}
