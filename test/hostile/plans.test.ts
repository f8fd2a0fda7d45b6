/** Hostile input on the payment plan routes: template sets and hold rules each with at least one fatal defect. The world and the runner: ./world.ts. */
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { PROGRAM_TYPES } from '../../lambdas/contract/programs.js';
import { badMoney, blank, hostileJsonBody, hostileQuery, junkString, negativeMoney, notBoolean, notOneOf, notString, tooLong } from '../security/hostile.js';
import { planTemplateForm } from '../security/authorization-matrix.js';
import { beforeAll } from 'vitest';
import { offerTemplate } from '../handlers/support/plans.js';
import {
  admin,
  badDate,
  badVersion,
  badUsername,
  broken,
  HOSTILE_HOLD_DAYS,
  params,
  payer,
  PROGRAM,
  readOnlyGet,
  req,
  required,
  tag,
  hostileRouteTests,
  useHostileWorld,
  type Answer,
} from './world.js';

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
      fc.oneof(badMoney, negativeMoney, fc.constantFrom('0.00', 0, '-1.00', '1000000.01')).map((threshold) => ({ threshold, days: 30 })),
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

// a template on offer for the world's program, so a preview of the payer's balance can succeed (and nothing else may)
const offer = `${tag}-offer`;
beforeAll(() => offerTemplate(offer, `Offer ${tag}`, [PROGRAM.type], { setupFeeCents: 1_000 }));
/** A complete request to start a plan without autopay: each generated body breaks it, so only a preview may succeed. */
const planRequest = () => ({ program_type: PROGRAM.type, program_id: PROGRAM.id, template_id: offer, typed_name: `Pat Payer${tag}`, accept_agreement: true, autopay: false });
const planDefects: Record<string, fc.Arbitrary<unknown>> = {
  program_type: required(notOneOf(PROGRAM_TYPES)),
  program_id: required(fc.oneof(blank, tooLong(128), notString, fc.constantFrom(`${tag}-not-enrolled`))),
  template_id: required(fc.oneof(blank, tooLong(64), notString, fc.constantFrom(`${tag}-no-template`, 'matrix-offer'))),
  typed_name: fc.oneof(
    blank,
    tooLong(200),
    notString.filter((v) => v !== undefined),
    fc.constantFrom('Pat', 'Somebody Else', `Payer${tag} Pat`),
  ),
  accept_agreement: fc.oneof(notBoolean, fc.constant(false)),
  autopay: fc.oneof(notBoolean, fc.constant(true)),
  payment_method_id: fc.oneof(
    blank,
    notString.filter((v) => v !== undefined),
    fc.constantFrom('pm_card_visa', 'card_123', 'pm_', `pm_${'x'.repeat(201)}`),
    junkString,
  ),
};
const previewQuery = fc.constantFrom<Record<string, string>>({}, { preview: 'true' }, { preview: 'false' }, { preview: 'yes' }, { preview: '' }, { preview: 'TRUE' });
const usernameAndMethod = fc
  .tuple(params('username', [payer]), params('id', ['pm_card_visa', 'pm_1234567890']))
  .map(([u, m]) => (u === undefined && m === undefined ? undefined : { ...u, ...m }));

/** A plan id nobody holds: a body that got through validation is refused as not found, so nothing is ever charged. */
const noPlan = `${tag}-no-plan`;
const seqDefect = fc.oneof(fc.constantFrom(-1, 49, 1.5, '0', null, [], {}, true), junkString);
const payNowDefects: Record<string, fc.Arbitrary<unknown>> = {
  seq: seqDefect,
  return_path: fc.oneof(fc.constantFrom('https://evil.example/', '//evil.example', 'javascript:alert(1)', '', 'bill', `/${'a'.repeat(201)}`, '/a b', null, 1), junkString),
};
const changeBase = fc.constantFrom<Record<string, unknown>>(
  { action: 'pause', reason: 'Hostile pause' },
  { action: 'cancel', reason: 'Hostile cancel' },
  { action: 'reschedule', first_due_on: '2030-01-05' },
  { action: 'waive_late_fee', seq: 1, reason: 'Hostile waiver' },
  { action: 'set_payment_method', payment_method_id: 'pm_card_visa' },
  { action: 'set_autopay', autopay: true },
);
const changeDefects: Record<string, fc.Arbitrary<unknown>> = {
  action: required(fc.oneof(notOneOf(['pause', 'resume', 'reschedule', 'cancel', 'reamortize', 'waive_late_fee', 'set_payment_method', 'set_autopay']), notString)),
  reason: required(fc.oneof(blank, tooLong(500), notString, fc.constantFrom('no', 'x'))),
  first_due_on: required(fc.oneof(badDate, notString)),
  seq: required(seqDefect),
  payment_method_id: required(fc.oneof(blank, notString, fc.constantFrom('card_123', 'pm_', `pm_${'x'.repeat(201)}`), junkString)),
  autopay: required(notBoolean),
};

describe('hostile input on the payment plan routes', () => {
  hostileRouteTests('plans', {
    'payment-plans-pay-now': () => ({
      caller: { username: payer },
      request: req({ pathParameters: params('id', [noPlan]), body: hostileJsonBody({ base: fc.constant({}), defects: payNowDefects }) }),
    }),
    'payment-plans-update': () => ({
      caller: { username: `${tag}-finance`, roles: ['finance'] },
      request: req({ pathParameters: params('id', [noPlan]), body: hostileJsonBody({ base: changeBase, defects: changeDefects }) }),
    }),
    'payment-plans-list': () => ({
      caller: { username: `${tag}-finance`, roles: ['finance'] },
      request: req({ query: hostileQuery(['status', 'limit', 'cursor']) }),
      ok: (res) => expect(res.body).toEqual({ results: expect.any(Array), next: expect.toBeOneOf([null, expect.any(String)]) }),
    }),
    'students-payment-plans-create': () => ({
      caller: admin,
      request: req({ pathParameters: params('username', [payer]), query: previewQuery, body: hostileJsonBody({ base: fc.constant(null).map(planRequest), defects: planDefects }) }),
      // only a preview may succeed, and it stores nothing
      ok: (res) => expect(res.body).toMatchObject({ program_id: PROGRAM.id, schedule: expect.any(Array), agreement: { version: expect.any(String) } }),
    }),
    'students-payment-plans-list': () => ({
      caller: admin,
      request: req({ pathParameters: params('username', [payer]) }),
      ok: (res) => expect(res.body).toEqual({ plans: expect.any(Array) }),
    }),
    'payment-methods-setup-intent': () => ({
      caller: admin,
      request: req({ body: hostileJsonBody({ base: fc.constant({ username: payer }), defects: { username: badUsername() } }) }),
    }),
    'students-payment-methods-list': () => ({
      caller: admin,
      request: req({ pathParameters: params('username', [payer]) }),
      ok: (res) => expect(res.body).toEqual({ payment_methods: [] }),
    }),
    'students-payment-methods-delete': () => ({ caller: admin, request: req({ pathParameters: usernameAndMethod }) }),
    'payment-plan-templates-get': () =>
      readOnlyGet((res: Answer) => expect(res.body).toMatchObject({ templates: expect.any(Array), hold_rules: { installment_past_due_days: expect.any(Number) } })),
    'payment-plan-templates-put': () => ({
      caller: { username: `${tag}-finance`, roles: ['finance'] },
      request: req({
        body: fc.oneof(
          hostileJsonBody({
            base: fc.constant(null).map(() => ({ templates: [validTemplate()], hold_rules: validRules(), version: 0 })),
            defects: { templates: badTemplateSet, version: badVersion },
          }),
          hostileJsonBody({
            base: fc.constant(null).map(() => ({ templates: [validTemplate()], hold_rules: validRules(), version: 0 })),
            defects: { hold_rules: required(broken(validRules, ruleDefects)) },
          }),
        ),
      }),
    }),
  });
});
