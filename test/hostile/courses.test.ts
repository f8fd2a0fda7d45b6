/** Hostile input on the course routes: bodies with a bad name, CRN, credit hours or price, or a CRN another course holds. The world and the runner: ./world.ts. */
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { COURSE_NAMES } from '../../lambdas/contract/courses.js';
import { badMoney, blank, hostileJsonBody, hostileQuery, negativeMoney, notBoolean, notOneOf, notString, tooLong } from '../security/hostile.js';
import { admin, fx, params, req, junkNot, required, readOnlyGet, isArray, hostileRouteTests, useHostileWorld } from './world.js';

useHostileWorld();

const badPrice = fc.oneof(
  badMoney.filter((v) => v !== null && !(typeof v === 'string' && v.trim() === '')),
  negativeMoney,
  fc.constantFrom('1000000.01', 1_000_001, '99999999'),
);
const crnLike = /^[A-Za-z0-9-]{1,20}$/;

// ---- per-route hostile bodies --------------------------------------------------------------------

const courseBody = (takenCrn: () => string) =>
  hostileJsonBody({
    base: fc.record({
      name: fc.constantFrom(...COURSE_NAMES),
      CRN: fc.uuid().map((u) => `HX-${u.slice(0, 8)}`),
      credit_hours: fc.integer({ min: 1, max: 60 }),
      application_price: fc.constantFrom('10.00', 0, null, ''),
      tuition_price: fc.constantFrom(100, '1500.50'),
      is_certificate_course: fc.boolean(),
    }),
    defects: {
      name: required(notOneOf(COURSE_NAMES)),
      CRN: required(
        fc.oneof(
          blank,
          tooLong(20),
          junkNot(crnLike),
          notString,
          fc.constant(null).map(() => takenCrn()),
          fc.constant(null).map(() => takenCrn().toLowerCase()),
        ),
      ),
      credit_hours: required(
        fc.oneof(fc.constantFrom(0, -1, 61, 1.5, '1.5', '', ' ', 'abc', '0', '61', null, true, [], {}, '٣', '1e1', 1e21), fc.integer({ max: 0 }), fc.integer({ min: 61 })),
      ),
      application_price: badPrice,
      tuition_price: badPrice,
      is_certificate_course: notBoolean,
    },
  });

describe('hostile input on the courses routes', () => {
  hostileRouteTests('courses', {
    'courses-list': () => ({ caller: admin, request: req({ query: hostileQuery(['name', 'is_certificate']) }), ok: isArray }),
    'courses-create': () => ({ caller: admin, request: req({ body: courseBody(() => fx.course1.crn) }) }),
    'courses-update': () => ({ caller: admin, request: req({ pathParameters: params('id', [fx.course1.id]), body: courseBody(() => fx.course2.crn) }) }),
    'courses-delete': () => ({ caller: admin, request: req({ pathParameters: params('id') }) }),
    'courses-categories': () => readOnlyGet(isArray),
    'courses-stats': () => readOnlyGet((res) => expect(res.body).toMatchObject({ total_courses: expect.any(Number) })),
  });
});
