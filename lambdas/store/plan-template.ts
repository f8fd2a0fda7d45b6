/**
 * The finance office's payment plan settings: the plan templates and the hold rules, all in one partition
 * (PLAN_SETTINGS), so reading them is one Query. A plan copies its template's terms when it is made, so
 * changing or removing a template never changes a plan already running. The settings are saved whole, so the
 * hold rules' item keeps the set's version: a save names the one its editor read (contract/set-version.ts).
 */
import { PROGRAM_TYPES } from '../contract/programs.js';
import * as z from '../contract/zod.js';
import { Conflict } from '../domain/errors.js';
import { newIdFrom } from '../domain/slug.js';
import { DEFAULT_HOLD_RULES, type HoldRules } from '../domain/financial-holds.js';
import { auditPut, type AuditEntry } from './audit.js';
import { entity, queryAll, TABLE_NAME, transactWrite, versionIs, type RecordOf } from './dynamo.js';

const SETTINGS = 'PLAN_SETTINGS';
const TEMPLATE_PREFIX = 'TEMPLATE#';

export const planSettingsKeys = {
  template: (id: string) => ({ pk: SETTINGS, sk: `${TEMPLATE_PREFIX}${id}` }),
  holdRules: { pk: SETTINGS, sk: 'HOLD_RULES' },
} as const;

export const PlanTemplateItem = entity(
  'plan-template',
  () =>
    z.object({
      id: z.string(),
      name: z.string(),
      downPaymentPercent: z.number(),
      installments: z.number(),
      dayOfMonth: z.number(),
      setupFeeCents: z.number(),
      graceDays: z.number(),
      lateFeeCents: z.number(),
      returnedPaymentFeeCents: z.number(),
      programTypes: z.array(z.enum(PROGRAM_TYPES)),
      active: z.boolean(),
      updatedAt: z.string(),
    }),
  (t) => planSettingsKeys.template(t.id),
);
export type PlanTemplateRecord = RecordOf<typeof PlanTemplateItem>;

export const HoldRulesItem = entity(
  'hold-rules',
  () =>
    z.object({
      installmentPastDueDays: z.number(),
      balancePastDue: z.nullable(z.object({ thresholdCents: z.number(), days: z.number() })),
      blocks: z.object({ planEnrollment: z.boolean(), clinicalClearance: z.boolean() }),
      updatedAt: z.string(),
      /** The settings' version; none before the first save that kept one. */
      version: z.optional(z.number()),
    }),
  () => planSettingsKeys.holdRules,
);
export type HoldRulesRecord = RecordOf<typeof HoldRulesItem>;

export interface PlanSettings {
  templates: PlanTemplateRecord[];
  holdRules: HoldRules;
  /** The settings' version (0: never saved with one). */
  version: number;
}

/** 409 for a save of the settings as they were before another save. */
export const SETTINGS_CHANGED = 'The plan settings were changed by someone else since you opened them. Their changes are shown now: make yours again.';

/** Every template (by name), the hold rules (domain/financial-holds.ts's defaults until finance saves some) and the version: one Query. */
export async function getPlanSettings(): Promise<PlanSettings> {
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': SETTINGS } });
  const templates = items.filter((i) => i.type === PlanTemplateItem.type).map((i) => PlanTemplateItem.fromItem(i));
  const rules = items.find((i) => i.type === HoldRulesItem.type);
  const { updatedAt: _at, version = 0, ...holdRules } = rules ? HoldRulesItem.fromItem(rules) : { ...DEFAULT_HOLD_RULES, updatedAt: '' };
  return { templates: templates.sort((a, b) => a.name.localeCompare(b.name)), holdRules, version };
}

/**
 * Replaces the templates and the rules, with the audit entry, in one transaction: new templates get an id from
 * their name, kept ones are updated, left-out ones removed, and the version raised. It holds only if the settings are
 * still at `version`, the one their editor read (else a 409, and nothing is written). An id that names no template is
 * a 409 too (removed meanwhile).
 */
export async function replacePlanSettings(
  inputs: ReadonlyArray<Omit<PlanTemplateRecord, 'id' | 'updatedAt'> & { id?: string }>,
  holdRules: HoldRules,
  version: number,
  actor: string,
  at: string,
  read: PlanSettings,
): Promise<PlanSettings> {
  if (version !== read.version) throw new Conflict(SETTINGS_CHANGED);
  const existing = read.templates;
  const known = new Set(existing.map((t) => t.id));
  const unknown = inputs.find((t) => t.id !== undefined && !known.has(t.id));
  if (unknown) throw new Conflict(`templates: no template ${unknown.id} (it may have been removed meanwhile)`);
  const taken = new Set(known);
  const templates: PlanTemplateRecord[] = inputs.map((input) => {
    const id = input.id ?? newIdFrom(input.name, 'plan', taken);
    return { ...input, id, updatedAt: at };
  });
  const kept = new Set(templates.map((t) => t.id));
  const removed = existing.filter((t) => !kept.has(t.id));
  const audit: AuditEntry = {
    actor,
    action: 'payment-plan.templates.update',
    entityType: 'payment-plan-templates',
    entityId: 'all',
    subject: `payment-plan-templates ${templates.length} kept, ${removed.length} removed`,
    after: {
      templates: templates.length,
      active: templates.filter((t) => t.active).length,
      removed: removed
        .map((t) => t.name)
        .join(', ')
        .slice(0, 500),
      holdRules,
    },
  };
  // at most 30 templates (the contract), 30 removals, the rules and the audit entry: within DynamoDB's 100 per transaction
  await transactWrite(
    [
      ...templates.map((t) => ({ Put: { TableName: TABLE_NAME, Item: PlanTemplateItem.item(t) } })),
      ...removed.map((t) => ({ Delete: { TableName: TABLE_NAME, Key: planSettingsKeys.template(t.id) } })),
      { Put: { TableName: TABLE_NAME, Item: HoldRulesItem.item({ ...holdRules, updatedAt: at, version: version + 1 }), ...versionIs(version) } },
      auditPut(audit, at),
    ],
    () => {
      throw new Conflict(SETTINGS_CHANGED);
    },
  );
  return { templates: templates.sort((a, b) => a.name.localeCompare(b.name)), holdRules, version: version + 1 };
}
