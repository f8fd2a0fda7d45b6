/** Hostile input on the payment routes: checkouts whose amounts do not add up, webhooks without a valid signature, refunds beyond what was paid. The world and the runner: ./world.ts. */
import fc from 'fast-check';
import Stripe from 'stripe';
import { describe } from 'vitest';
import { PROGRAM_TYPES } from '../../lambdas/contract/programs.js';
import { OVERSIZED, badMoney, hostileJsonBody, hostileQuery, junkString, negativeMoney, notOneOf, notString, type BodyPart } from '../security/hostile.js';
import { admin, payer, PROGRAM, fx, params, req, isUuid, required, badUsername, badDate, isPage, hostileRouteTests, useHostileWorld } from './world.js';

useHostileWorld();

const webhookSecret = () => process.env.STRIPE_WEBHOOK_SECRET!;
const eventJson = fc
  .record({
    id: fc.constantFrom('evt_hostile', 'evt_' + 'x'.repeat(300)),
    type: fc.constantFrom('payment_intent.succeeded', 'charge.refunded', 'payment_intent.payment_failed', 'x'),
    data: fc.record({ object: fc.record({ id: fc.constant(null).map(() => fx.paidIntent), amount: fc.integer(), amount_received: fc.integer() }) }),
    created: fc.integer({ min: 0, max: 2_000_000_000 }),
  })
  .map((e) => JSON.stringify(e));
/** Nothing here is a valid signature over its payload. */
const webhookBody: fc.Arbitrary<BodyPart> = fc
  .tuple(
    fc.oneof(eventJson, junkString, fc.constant(OVERSIZED)),
    fc.oneof(
      fc.constant(undefined),
      junkString,
      fc.constantFrom('t=1,v1=abc', 't=,v1=', 'v1=deadbeef', `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`, 't=9999999999,v0=x'),
      fc.constant('wrong-secret'),
      fc.constant('old'),
      fc.constant('other-payload'),
    ),
  )
  .map(([payload, sig]) => {
    let signature = sig;
    if (sig === 'wrong-secret') signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_attacker' });
    if (sig === 'old') signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret(), timestamp: Math.floor(Date.now() / 1000) - 3_600 });
    if (sig === 'other-payload') signature = Stripe.webhooks.generateTestHeaderString({ payload: `${payload} `, secret: webhookSecret() });
    return { rawBody: payload, headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'stripe-signature': signature }) } };
  });

const intentBody = () => {
  const item = (amount: unknown) => ({ program_type: PROGRAM.type, program_id: PROGRAM.id, amount });
  const badItem = fc.oneof(
    fc.oneof(badMoney, negativeMoney, fc.constantFrom('0', '0.00', 0, '80.01', 80.01, '1000000.00', '9'.repeat(30))).map(item),
    junkString.filter((s) => s.trim() !== PROGRAM.id && s.trim() !== '').map((id) => ({ program_type: PROGRAM.type, program_id: id, amount: '10.00' })),
    notOneOf(PROGRAM_TYPES).map((t) => ({ program_type: t, program_id: PROGRAM.id, amount: '10.00' })),
    fc.constantFrom({ program_type: PROGRAM.type, program_id: PROGRAM.id }, { program_id: PROGRAM.id, amount: '10.00' }, {}),
    notString.filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)),
  );
  const totalIsTen = (v: unknown) =>
    (typeof v === 'number' || typeof v === 'string') && /^-?\d+(\.\d{1,2})?$/.test(String(v).trim()) && Math.round(Number(String(v).trim()) * 100) === 1000;
  return hostileJsonBody({
    base: fc.uuid().map((key) => ({ username: payer, totalCost: '10.00', items: [item('10.00')], idempotency_key: key })),
    defects: {
      username: badUsername(junkString.filter((s) => s.trim() !== payer)),
      totalCost: required(fc.oneof(badMoney, negativeMoney, fc.constantFrom('10.01', '9.99', '0', '0.00', 10.5, 100, '0.30')).filter((v) => !totalIsTen(v))),
      items: required(
        fc.oneof(
          fc.constant([]),
          fc.array(fc.constant(item('10.00')), { minLength: 21, maxLength: 22 }),
          fc.tuple(badItem, fc.boolean()).map(([bad, first]) => (first ? [bad, item('0.50')] : [item('0.50'), bad])),
          fc.constant([item('5.00'), item('5.00')]),
          notString.filter((v) => !Array.isArray(v)),
        ),
      ),
      idempotency_key: fc.oneof(
        junkString.filter((s) => !isUuid(s)),
        notString,
      ),
      studentData: fc.oneof(junkString, fc.constantFrom({ firstName: 'x'.repeat(101) }, { lastName: 5 }, { studentId: true }, { studentId: null }, null, [], 5)),
    },
  });
};

describe('hostile input on the payments routes', () => {
  hostileRouteTests('payments', {
    'payments-create-intent': () => ({ caller: admin, request: req({ body: intentBody() }) }),
    'payments-webhook': () => ({ caller: undefined, request: req({ body: webhookBody }) }),
    'payments-list': () => ({
      caller: admin,
      request: req({ query: hostileQuery(['from', 'to', 'status', 'username', 'limit', 'cursor']) }),
      ok: isPage,
    }),
    'payments-reconcile': () => ({
      caller: admin,
      request: req({
        body: hostileJsonBody({
          base: fc.constant({ from: '2031-01-01', to: '2031-01-02' }),
          defects: { from: required(badDate), to: required(fc.oneof(badDate, fc.constantFrom('2030-12-31', '2031-02-01', '2032-01-01'))) },
        }),
      }),
    }),
    'payments-refund': () => ({
      caller: admin,
      request: fc.oneof(
        req({ pathParameters: params('id'), body: fc.constant({}) }),
        req({
          pathParameters: fc.oneof(
            fc.constant({ id: fx.paidIntent }),
            fc.uuid().map((u) => ({ id: `pi_${u.replace(/-/g, '')}` })),
          ),
          // a body is required here: without one the whole payment would (rightly) be refunded
          body: hostileJsonBody({
            base: fc.constant({ amount: '1.00', reason: 'duplicate' }),
            defects: {
              amount: fc.oneof(badMoney, negativeMoney, fc.constantFrom('0', '0.00', 0, '20.01', 20.01, '100')),
              reason: notOneOf(['requested_by_customer', 'duplicate', 'fraudulent']),
            },
            emptyIsInvalid: false,
          }),
        }),
      ),
    }),
  });
});
