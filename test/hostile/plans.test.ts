/** Hostile input on the payment plan routes: template sets and hold rules each with at least one fatal defect. The world and the runner: ./world.ts. */
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { PROGRAM_TYPES } from '../../lambdas/contract/programs.js';
import { badMoney, blank, hostileJsonBody, negativeMoney, notBoolean, notOneOf, notString, tooLong, DELETE } from '../security/hostile.js';
import { planTemplateForm } from '../security/authorization-matrix.js';
import { HOSTILE_HOLD_DAYS, readOnlyGet, req, required, tag, hostileRouteTests, useHostileWorld, type Answer } from './world.js';

useHostileWorld();

const validTemplate = () => planTemplateForm(`Hostile plan ${tag}`);
const validRules = () => ({
  installment_past_due_days: HOSTILE_HOLD_DAYS,
  balance_past_due: { threshold: '500.00', days: 30 },
  blocks: { plan_enrollment: true, clinical_clearance: true },
});

const notWhole = (min: number, max: number) =>
  fc.oneof(fc.constantFrom(1.5, '5', true, null, [], {}, Number.MAX_SAFE_INTEGER + 2), fc.integer({ max: min - 1 }), fc.integer({ min: max + 1 }));
const badFee = fc.oneof(badMoney, negativeMoney, fc.constantFrom('1000.01', 5_000, '99999.99'));

/** Fatal values per field of one template (DELETE: a required field left out). */
const templateDefects: Record<string, fc.Arbitrary<unknown>> = {
  id: fc.constantFrom(null, 1, [], {}, '', '   ', 'a'.repeat(65), `${tag}-no-such-template`),
  name: required(fc.oneof(blank, tooLong(80), notString)),
  down_payment_percent: required(notWhole(0, 90)),
  installments: required(notWhole(1, 24)),
  day_of_month: required(notWhole(1, 28)),
  setup_fee: required(badFee),
  grace_days: required(notWhole(0, 60)),
  late_fee: required(badFee),
  returned_payment_fee: required(badFee),
  program_types: required(
    fc.oneof(
      fc.constantFrom([], ['certificate', 'certificate'], 'certificate', null, {}, [1]),
      notOneOf(PROGRAM_TYPES).map((t) => [t]),
    ),
  ),
  active: required(notBoolean),
};
const broken = <T extends Record<string, unknown>>(valid: () => T, defects: Record<string, fc.Arbitrary<unknown>>) =>
  fc.uniqueArray(fc.constantFrom(...Object.keys(defects)), { minLength: 1, maxLength: 3 }).chain((fields) =>
    fc.tuple(...fields.map((f) => defects[f]!)).map((values) => {
      const value: Record<string, unknown> = valid();
      fields.forEach((field, i) => {
        if (values[i] === DELETE) delete value[field];
        else value[field] = values[i];
      });
      return value;
    }),
  );
const badTemplateSet = required(
  fc.oneof(
    fc.constantFrom(null, {}, 'all', 1),
    // one broken template among good ones
    fc.tuple(broken(validTemplate, templateDefects), fc.nat(2)).map(([bad, at]) => {
      const set: unknown[] = [validTemplate(), { ...validTemplate(), name: `Hostile second ${tag}` }];
      set.splice(at, 0, bad);
      return set;
    }),
    // two templates of one name, or more than thirty
    fc.constant([validTemplate(), { ...validTemplate(), name: validTemplate().name.toUpperCase() }]),
    fc.constant(Array.from({ length: 31 }, (_, i) => ({ ...validTemplate(), name: `Hostile ${tag} ${i}` }))),
  ),
);
const ruleDefects: Record<string, fc.Arbitrary<unknown>> = {
  installment_past_due_days: required(notWhole(0, 365)),
  balance_past_due: required(
    fc.oneof(
      fc.constantFrom({}, 'none', 0, [], { threshold: '500.00' }, { days: 30 }),
      badFee.map((threshold) => ({ threshold, days: 30 })),
      fc.constantFrom('0.00', 0, '-1.00', '1000000.01').map((threshold) => ({ threshold, days: 30 })),
      notWhole(0, 365).map((days) => ({ threshold: '500.00', days })),
    ),
  ),
  blocks: required(
    fc.oneof(
      fc.constantFrom(null, [], 'all', {}, { plan_enrollment: true }),
      notBoolean.map((v) => ({ plan_enrollment: v, clinical_clearance: true })),
      notBoolean.map((v) => ({ plan_enrollment: false, clinical_clearance: v })),
    ),
  ),
};

describe('hostile input on the payment plan routes', () => {
  hostileRouteTests('plans', {
    'payment-plan-templates-get': () =>
      readOnlyGet((res: Answer) => expect(res.body).toMatchObject({ templates: expect.any(Array), hold_rules: { installment_past_due_days: expect.any(Number) } })),
    'payment-plan-templates-put': () => ({
      caller: { username: `${tag}-finance`, roles: ['finance'] },
      request: req({
        body: fc.oneof(
          hostileJsonBody({ base: fc.constant(null).map(() => ({ templates: [validTemplate()], hold_rules: validRules() })), defects: { templates: badTemplateSet } }),
          hostileJsonBody({
            base: fc.constant(null).map(() => ({ templates: [validTemplate()], hold_rules: validRules() })),
            defects: { hold_rules: required(broken(validRules, ruleDefects)) },
          }),
        ),
      }),
    }),
  });
});
