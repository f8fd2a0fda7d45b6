/**
 * Hostile input on the clinical compliance routes: template sets with a broken template, too many or duplicate
 * ones; hand-ins naming requirements, students, dates and uploads that are not right; decisions without what
 * they need; forged ids, file numbers and cursors. The admin sends them all: an admin's hand-in for a student is
 * approved at once and a decision is final, so any 2xx from those would be a write (a finding). The world and
 * the runner: ./world.ts.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect } from 'vitest';
import { COMPLIANCE_CATEGORIES, EVIDENCE_KINDS, MAX_FILES_PER_SUBMISSION, SUBMISSION_KINDS } from '../../lambdas/contract/compliance.js';
import { PROGRAM_TYPES } from '../../lambdas/contract/programs.js';
import { blank, DELETE, hostileJsonBody, hostileParam, hostileQuery, junkString, notBoolean, notOneOf, notString, tooLong } from '../security/hostile.js';
import {
  tag,
  admin,
  student,
  payer,
  fx,
  cfx,
  params,
  req,
  junkNot,
  required,
  badVersion,
  badUsername,
  badDate,
  badUploads,
  broken,
  isPage,
  presignSpec,
  readOnlyGet,
  hostileRouteTests,
  useHostileWorld,
  setUpComplianceFixtures,
  cohort1TemplateTerms,
  type Answer,
} from './world.js';

useHostileWorld();
beforeAll(setUpComplianceFixtures, 120_000);

const PAST = '2026-01-02';
const LATER = '2027-01-02';
const notArray = fc.oneof(fc.constantFrom(null, 'x', 1, true, {}, { 0: 'a' }), junkString);

// compliance-requirements-put: a valid template, then the set broken so that no generated body can be saved
const validTemplate = () => ({
  name: `Hostile ${tag}`,
  category: 'immunization',
  evidence: 'date_only',
  ...cohort1TemplateTerms(),
});
/** Fatal values per field of one template (DELETE: a required field left out). */
const templateDefects: Record<string, fc.Arbitrary<unknown>> = {
  id: fc.oneof(junkNot(/^[a-z0-9-]{1,64}$/), fc.constantFrom(null, 1, [], {}, 'a'.repeat(65))),
  name: required(fc.oneof(blank, tooLong(120), notString)),
  category: required(notOneOf(COMPLIANCE_CATEGORIES)),
  evidence: required(notOneOf(EVIDENCE_KINDS)),
  validity: required(
    fc.constantFrom(
      { kind: 'months', months: 0 },
      { kind: 'months', months: 1.5 },
      { kind: 'months', months: 121 },
      { kind: 'months', months: '12' },
      { kind: 'months' },
      { kind: 'seasonal', month: 13, day: 1 },
      { kind: 'seasonal', month: 3, day: 0 },
      { kind: 'seasonal', month: 3 },
      { kind: 'forever' },
      {},
      null,
      'none',
    ),
  ),
  applies_to: required(
    fc.oneof(
      fc.constantFrom(
        { kind: 'cohort' },
        { kind: 'cohort', cohort_id: '' },
        { kind: 'cohort', cohort_id: `${tag}-no-cohort` },
        { kind: 'cohort', cohort_id: 'x'.repeat(65) },
        {},
        null,
        'all',
      ),
      notOneOf(PROGRAM_TYPES).map((program_type) => ({ kind: 'program_type', program_type })),
    ),
  ),
  due_days_from_cohort_start: required(fc.oneof(fc.constantFrom(1.5, 731, -731, '5', true, [], {}), fc.integer({ min: 731 }), fc.integer({ max: -731 }))),
  guidelines: required(
    fc.oneof(
      tooLong(2_000),
      notString.filter((v) => v !== undefined),
    ),
  ),
  alternatives: required(fc.oneof(notArray, fc.constantFrom(['a', 'b', 'c', 'd', 'e', 'f'], [''], [' '], [1], [null], ['x'.repeat(201)]))),
  exemption_allowed: required(notBoolean),
};
const badRequirementSet = required(
  fc.oneof(
    notArray,
    // one broken template among good ones
    fc.tuple(broken(validTemplate, templateDefects), fc.nat(2)).map(([bad, at]) => {
      const set: unknown[] = [
        { ...validTemplate(), name: `A ${tag}` },
        { ...validTemplate(), name: `B ${tag}` },
      ];
      set.splice(at, 0, bad);
      return set;
    }),
    // more than 60
    fc.constant(null).map(() => Array.from({ length: 61 }, (_, i) => ({ ...validTemplate(), name: `T${i} ${tag}` }))),
    // the same name twice for one cohort, in any case
    fc.constantFrom('same', 'SAME').map((second) => [
      { ...validTemplate(), name: 'same' },
      { ...validTemplate(), name: second },
    ]),
    // an id no template has (409)
    fc.constant(null).map(() => [{ ...validTemplate(), id: `${tag}-never` }]),
  ),
);

// compliance-submit: the admin hands in the date-only item for the world's student (approved at once), each body with a fatal defect
const submitBody = () =>
  hostileJsonBody({
    base: fc.constant({ requirement_id: cfx.dateReq, username: student.username, completed_on: PAST, expires_on: LATER }),
    defects: {
      requirement_id: required(
        fc.oneof(
          junkString,
          notString,
          // needs a file; not a requirement of a student without a cohort
          fc.constantFrom(cfx.fileReq, `${tag}-nope`, 'STUDENT#x', cfx.dateReq.toUpperCase()),
        ),
      ),
      // nobody, someone the requirement is not asked of, or the admin themselves (no student record)
      username: fc.oneof(badUsername(), fc.constantFrom(`${tag}-nobody`, payer, admin.username)),
      completed_on: fc.oneof(badDate, fc.constantFrom(DELETE, null, '2999-01-01')),
      expires_on: fc.oneof(badDate, fc.constantFrom(DELETE, null, '2025-01-01', PAST)),
      upload_keys: fc.oneof(
        notArray,
        fc.array(fc.oneof(junkString, notString), { minLength: 1, maxLength: 3 }),
        fc.array(
          fc.constant(null).map(() => `uploads/${student.username}/00000000-0000-4000-8000-000000000000/card.txt`),
          { minLength: 1, maxLength: 1 },
        ),
        fc.constantFrom(
          [`uploads/${encodeURIComponent(admin.username)}/00000000-0000-4000-8000-000000000000/none.pdf`],
          [`uploads/${encodeURIComponent(admin.username)}/../${student.username}/x.txt`],
          ['documents/x/file.pdf'],
          [`compliance/${student.username}/x/0-card.txt`],
        ),
        fc.constantFrom(...badUploads.map((u) => u.key)).map((k) => [k]),
        fc.constant(Array.from({ length: MAX_FILES_PER_SUBMISSION + 1 }, (_, i) => `uploads/${encodeURIComponent(admin.username)}/00000000-0000-4000-8000-00000000000${i}/a.pdf`)),
      ),
      // an exemption it does not allow, an alternative it does not have
      kind: fc.oneof(notOneOf(SUBMISSION_KINDS), fc.constantFrom('exemption', 'alternative')),
      alternative: fc.oneof(fc.constantFrom(-1, 5, 1.5, '0', null, true, []), fc.integer({ min: 5 }), fc.integer({ max: -1 })),
      attested: notBoolean,
      note: fc.oneof(
        tooLong(2_000),
        notString.filter((v) => typeof v !== 'string'),
      ),
    },
  });

// compliance-decide: approving the student's pending hand-in, each body without what it needs
const decisionBody = () =>
  hostileJsonBody({
    base: fc.constant({ decision: 'approved', completed_on: PAST, expires_on: LATER }),
    defects: {
      decision: required(notOneOf(['approved'])),
      completed_on: fc.oneof(badDate, fc.constantFrom(DELETE, null, '2999-01-01')),
      expires_on: fc.oneof(badDate, fc.constantFrom(DELETE, null, '2025-01-01', PAST)),
      reason: fc.oneof(
        tooLong(2_000),
        notString.filter((v) => typeof v !== 'string' && v !== null),
      ),
    },
  });

/** Made when the route's test runs: the pending hand-in's id is known only after the fixtures. */
const fileParams = () =>
  fc
    .record({ id: hostileParam([cfx.pending, '00000000-0000-4000-8000-000000000000']), index: hostileParam(['0', '1', '4', '5', '-1', '0.5', '1e0']) })
    .map(({ id, index }) => Object.fromEntries(Object.entries({ id, index }).filter(([, v]) => v !== undefined)) as Record<string, string>);

describe('hostile input on the compliance routes', () => {
  hostileRouteTests('compliance', {
    'compliance-requirements-get': () => readOnlyGet((res: Answer) => expect(Array.isArray(res.body.requirements)).toBe(true)),
    'compliance-requirements-put': () => ({
      caller: admin,
      request: req({
        body: hostileJsonBody({
          base: fc.constant(null).map(() => ({ requirements: [validTemplate()], version: 0 })),
          defects: { requirements: badRequirementSet, version: badVersion },
        }),
      }),
    }),
    'compliance-upload-url': () => presignSpec('card.pdf'),
    'compliance-submit': () => ({ caller: admin, request: req({ body: submitBody() }) }),
    'compliance-decide': () => ({
      caller: admin,
      request: req({ pathParameters: params('id', [cfx.pending, '00000000-0000-4000-8000-000000000000']), body: decisionBody() }),
    }),
    'compliance-file': () => ({
      caller: admin,
      request: req({ pathParameters: fileParams() }),
      // the pending hand-in's one file, presigned for a moment (the read is audited, which is no change)
      ok: (res) => expect(res.body).toMatchObject({ file_name: 'card.txt', expires_in: 300, download_url: expect.any(String) }),
    }),
    'compliance-student': () => ({
      caller: admin,
      request: req({ pathParameters: params('username', [student.username, payer, student.username.toUpperCase(), ` ${student.username} `]) }),
      ok: (res) => expect(res.body).toMatchObject({ username: expect.any(String), cleared: expect.any(Boolean), reasons: expect.any(Array) }),
    }),
    'compliance-queue': () => ({
      caller: admin,
      request: req({ query: hostileQuery(['status', 'cohort_id', 'requirement_id']) }),
      ok: isPage,
    }),
    'cohorts-compliance': () => ({
      caller: admin,
      request: req({ pathParameters: params('id', [fx.cohort1.id]) }),
      ok: (res) => expect(res.body).toMatchObject({ cohort_id: fx.cohort1.id, students: expect.any(Array), counts: expect.any(Object) }),
    }),
  });
});
