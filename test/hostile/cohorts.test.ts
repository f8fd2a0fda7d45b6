/** Hostile input on the cohort routes: bodies with a bad year, number or program, or a number another cohort holds. The world and the runner: ./world.ts. */
import fc from 'fast-check';
import { describe } from 'vitest';
import { PROGRAM_TYPES } from '../../lambdas/contract/programs.js';
import { blank, hostileJsonBody, notBoolean, notOneOf, notString, tooLong } from '../security/hostile.js';
import { tag, admin, fx, params, req, junkNot, required, badUsername, badDate, readOnlyGet, isArray, hostileRouteTests, useHostileWorld } from './world.js';

useHostileWorld();

const yearRe = /^\d{4}-\d{4}$/;
const cohortBody = (dupNumber: () => number) =>
  hostileJsonBody({
    base: fc.record({
      academic_year: fc.constant(null).map(() => fx.cohort1.year),
      cohort_number: fc.integer({ min: 1, max: 999 }),
      program_type: fc.constant('certificate'),
      program_name: fc.constantFrom('Hostile Phlebotomy', 'Ünïcödé 𝕏 program'),
      start_date: fc.constant('3950-09-01'),
      end_date: fc.constantFrom(null, '3951-06-30'),
      is_active: fc.boolean(),
    }),
    defects: {
      academic_year: required(
        fc.oneof(fc.constantFrom('3950-3952', '3950-3950', '3950/3951', '50-51', '３９５０-３９５１', '3950-3951x', '', '99999-100000'), junkNot(yearRe), notString),
      ),
      cohort_number: required(
        fc.oneof(fc.constantFrom(0, -1, 1000, 1.5, '5', null, true, [], {}), fc.integer({ min: 1000 }), fc.integer({ max: 0 }), fc.constant(null).map(dupNumber)),
      ),
      program_type: required(notOneOf(PROGRAM_TYPES)),
      program_name: required(fc.oneof(blank, tooLong(200), notString)),
      start_date: badDate,
      end_date: fc.oneof(badDate, fc.constant('1999-01-01')),
      is_active: notBoolean,
    },
  });

describe('hostile input on the cohorts routes', () => {
  hostileRouteTests('cohorts', {
    'cohorts-list': () => readOnlyGet(isArray),
    'cohorts-students': () => ({ caller: admin, request: req({ pathParameters: params('id', [fx.cohort1.id]) }), ok: isArray }),
    'cohorts-create': () => ({ caller: admin, request: req({ body: cohortBody(() => fx.cohort1.number) }) }),
    'cohorts-update': () => ({ caller: admin, request: req({ pathParameters: params('id', [fx.cohort1.id]), body: cohortBody(() => fx.cohort2.number) }) }),
    'cohorts-add-student': () => ({
      caller: admin,
      request: req({
        pathParameters: params('id', [fx.cohort1.id]),
        // nobody by these names exists, so nobody can be moved
        body: hostileJsonBody({ base: fc.constant({ username: `${tag}-nobody` }), defects: { username: badUsername() } }),
      }),
    }),
  });
});
