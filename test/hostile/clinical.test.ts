/**
 * Hostile input on the clinical placement routes: sites with broken units, contacts, requirements, agreements and
 * uploads; rotations at sites, units and courses that are not right, with impossible dates and capacities; assignments
 * of nobody, of too many, of both usernames and a cohort; shares without a reason or with a broken one; forged ids,
 * usernames, tokens and cursors. The admin sends them all. The fixtures make every write refuse: the site has a
 * rotation (no delete), the rotation is full (no assignment but the no-op), its student is not cleared (no share
 * without a reason), and the rotation and its student are never named to the delete routes. The world and the
 * runner: ./world.ts.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect } from 'vitest';
import { MAX_CAPACITY, MAX_CONTACTS, MAX_SITE_REQUIREMENTS, MAX_UNITS, SHARE_DAYS } from '../../lambdas/contract/clinical.js';
import { blank, DELETE, hostileJsonBody, hostileQuery, junkString, notString, tooLong } from '../security/hostile.js';
import {
  tag,
  admin,
  student,
  payer,
  fx,
  clx,
  params,
  req,
  required,
  badDate,
  badUploads,
  isArray,
  isPage,
  readOnlyGet,
  hostileRouteTests,
  useHostileWorld,
  setUpClinicalFixtures,
} from './world.js';

useHostileWorld();
beforeAll(setUpClinicalFixtures, 120_000);

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const notArray = fc.oneof(fc.constantFrom(null, 'x', 1, true, {}, { 0: 'a' }), junkString);
/** Never undefined (a left-out optional field is valid). */
const notStringNorUndefined = notString.filter((v) => v !== undefined);

// ---- sites -------------------------------------------------------------------------------------

const validSite = () => ({
  name: `Hostile new site ${tag}`,
  address: '1 Hospital Way',
  units: ['Med-Surg'],
  contacts: [{ name: 'Una Manager', email: 'una@example.org' }],
  requirement_ids: [],
});

/** Fatal values per site field; `takenName` is a name another site has (409). */
const siteDefects = (takenName: () => string) => ({
  name: required(
    fc.oneof(
      blank,
      tooLong(120),
      notString,
      fc.constant(null).map(takenName),
      fc.constant(null).map(() => takenName().toUpperCase()),
    ),
  ),
  address: fc.oneof(tooLong(300), notStringNorUndefined),
  units: required(
    fc.oneof(
      notArray,
      fc.constantFrom([], ['ICU', 'icu'], ['ICU', ' ICU '], [''], [' '], [1], [null], ['x'.repeat(81)]),
      fc.constant(null).map(() => Array.from({ length: MAX_UNITS + 1 }, (_, i) => `Unit ${i}`)),
    ),
  ),
  contacts: fc.oneof(
    notArray,
    fc.constantFrom([{}], [{ name: '' }], [{ name: ' ' }], [{ name: 'A', email: 'not-an-email' }], [{ name: 'A', phone: 'x'.repeat(41) }], [null], ['Una']),
    fc.constant(null).map(() => Array.from({ length: MAX_CONTACTS + 1 }, (_, i) => ({ name: `C${i}` }))),
  ),
  requirement_ids: fc.oneof(
    notArray,
    fc.constantFrom(['UPPER'], [`${tag}-no-such-template`], [`${tag}-orientation`, `${tag}-orientation`], [''], [1], [null], ['a'.repeat(65)]),
    fc.constant(null).map(() => Array.from({ length: MAX_SITE_REQUIREMENTS + 1 }, (_, i) => `${tag}-r${i}`)),
  ),
  agreement: fc.oneof(
    fc.constantFrom('x', 1, [], {}, { starts_on: '2026-01-01' }, { ends_on: '2027-01-01' }),
    fc.constantFrom({ starts_on: '2027-01-01', ends_on: '2026-01-01' }, { starts_on: '2026-01-01', ends_on: '2026-01-01' }),
    badDate.map((d) => ({ starts_on: d, ends_on: '2027-01-01' })),
    fc
      .oneof(
        fc.constantFrom(
          '',
          `uploads/${student.username}/${UNKNOWN}/a.pdf`,
          `uploads/${encodeURIComponent(admin.username)}/${UNKNOWN}/none.pdf`,
          `uploads/${encodeURIComponent(admin.username)}/../${student.username}/x.pdf`,
          `clinical-sites/${UNKNOWN}/agreement/a.pdf`,
          'x'.repeat(1025),
        ),
        notStringNorUndefined,
        fc.constantFrom(...badUploads.map((u) => u.key)),
      )
      .map((upload_key) => ({ starts_on: '2026-01-01', ends_on: '2027-01-01', upload_key })),
  ),
});

// ---- rotations ---------------------------------------------------------------------------------

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const validRotation = () => ({ site_id: clx.site, unit: 'ICU', course_id: fx.course1.id, instructor: 'Ina Structor', starts_on: day(20), ends_on: day(60), capacity: 1 });
const rotationDefects = {
  // ids are UUIDs: no junk string is one
  site_id: required(fc.oneof(junkString, notString, fc.constant(UNKNOWN))),
  unit: required(fc.oneof(blank, tooLong(80), notString, fc.constantFrom('Oncology', 'Med Surg', 'ICU2'))),
  course_id: required(fc.oneof(junkString, notString, fc.constant(UNKNOWN))),
  instructor: required(fc.oneof(blank, tooLong(120), notString)),
  instructor_email: fc.oneof(fc.constantFrom('not-an-email', 'a@', '@b.c', 'a b@c.d', 1, null, [], {}), tooLong(254)),
  starts_on: required(badDate),
  ends_on: required(fc.oneof(badDate, fc.constantFrom('2000-01-01', '1999-12-31'))),
  // the world's rotation holds one student: any capacity below 1 is refused as well
  capacity: required(fc.oneof(fc.constantFrom(0, -1, 1.5, MAX_CAPACITY + 1, '5', null, true, [], {}, 1e308), fc.integer({ min: MAX_CAPACITY + 1 }), fc.integer({ max: 0 }))),
};

// ---- assignments and shares --------------------------------------------------------------------

/** Usernames that name nobody, too many, or someone the full rotation has no room for. */
const badUsernames = fc.oneof(
  notArray,
  fc.constant([]),
  fc.array(
    fc.oneof(
      notString,
      blank,
      tooLong(128),
      junkString.filter((s) => s !== student.username),
    ),
    { minLength: 1, maxLength: 3 },
  ),
  fc.constantFrom([`${tag}-nobody`], [payer], [student.username, payer], [admin.username]),
  fc.constant(null).map(() => Array.from({ length: MAX_CAPACITY + 1 }, (_, i) => `${tag}-s${i}`)),
);
const shareDefects = {
  recipient: required(fc.oneof(blank, tooLong(200), notString)),
  expires_in_days: fc.oneof(fc.constantFrom(0, -1, 1.5, SHARE_DAYS.max + 1, '7', null, true, [], {}), fc.integer({ min: SHARE_DAYS.max + 1 }), fc.integer({ max: 0 })),
  override_reason: fc.oneof(tooLong(500), notStringNorUndefined),
};

/** A token of the right shape no link has, the world's own, and junk. */
const tokenParams = () => params('token', [clx.token, 'A'.repeat(43), `${clx.token.slice(0, 42)}_`, `${clx.token}=`, clx.token.slice(1)]);

describe('hostile input on the clinical placement routes', () => {
  hostileRouteTests('clinical', {
    'clinical-sites-list': () => readOnlyGet(isArray),
    'clinical-sites-create': () => ({
      caller: admin,
      request: req({ body: hostileJsonBody({ base: fc.constant(null).map(validSite), defects: siteDefects(() => clx.siteName) }) }),
    }),
    'clinical-sites-update': () => ({
      caller: admin,
      request: req({
        pathParameters: params('id', [clx.site, UNKNOWN]),
        body: hostileJsonBody({ base: fc.constant(null).map(() => ({ ...validSite(), name: clx.siteName })), defects: siteDefects(() => clx.otherSiteName) }),
      }),
    }),
    // the world's site has a rotation (409); anything else is no site (404) or no id (400)
    'clinical-sites-delete': () => ({ caller: admin, request: req({ pathParameters: params('id', [clx.site, UNKNOWN, clx.rotation]) }) }),
    'clinical-sites-agreement': () => ({
      caller: admin,
      request: req({ pathParameters: params('id', [clx.site, UNKNOWN]), query: hostileQuery(['disposition']) }),
      ok: (res) => expect(res.body).toMatchObject({ file_name: 'agreement.pdf', file_type: 'pdf', download_url: expect.any(String) }),
    }),
    'rotations-list': () => ({ caller: admin, request: req({ query: hostileQuery(['from', 'site_id']) }), ok: isPage }),
    'rotations-create': () => ({ caller: admin, request: req({ body: hostileJsonBody({ base: fc.constant(null).map(validRotation), defects: rotationDefects }) }) }),
    'rotations-update': () => ({
      caller: admin,
      request: req({ pathParameters: params('id', [clx.rotation, UNKNOWN]), body: hostileJsonBody({ base: fc.constant(null).map(validRotation), defects: rotationDefects }) }),
    }),
    // never the world's rotation: a valid delete of it would be a write
    'rotations-delete': () => ({ caller: admin, request: req({ pathParameters: params('id', [UNKNOWN, clx.site]) }) }),
    'rotations-assign': () => ({
      caller: admin,
      request: req({
        pathParameters: params('id', [clx.rotation, UNKNOWN]),
        body: hostileJsonBody({
          base: fc.constant({ usernames: [student.username] }),
          defects: {
            usernames: fc.oneof(badUsernames, fc.constant(DELETE)),
            // with usernames: both named (400); alone: nobody, or a cohort whose only student is on it already
            cohort_id: fc.oneof(
              junkString,
              notString,
              fc.constant(null).map(() => fx.cohort1.id),
              fc.constant(null).map(() => fx.cohort2.id),
            ),
          },
        }),
      }),
      // the student (or cohort1's only one) already on it: nothing to add, nothing written
      ok: (res) => expect(res.body).toMatchObject({ id: clx.rotation, assigned: 1, capacity: 1 }),
    }),
    // never the world's student on the world's rotation
    'rotations-unassign': () => ({
      caller: admin,
      request: req({
        pathParameters: fc
          .record({
            id: fc.oneof(fc.constant(clx.rotation), fc.constant(UNKNOWN), junkString),
            username: fc.oneof(fc.constantFrom(payer, `${tag}-nobody`, admin.username), junkString),
          })
          .map(({ id, username }) => (username === student.username ? { id: UNKNOWN, username } : { id, username })),
      }),
    }),
    'rotations-roster': () => ({
      caller: admin,
      request: req({ pathParameters: params('id', [clx.rotation, UNKNOWN]) }),
      ok: (res) =>
        expect(res.body).toMatchObject({ rotation: { id: clx.rotation }, all_cleared: false, students: [expect.objectContaining({ username: student.username, cleared: false })] }),
    }),
    'rotations-share': () => ({
      caller: admin,
      request: req({
        pathParameters: params('id', [clx.rotation, UNKNOWN]),
        body: hostileJsonBody({ base: fc.constant({ recipient: 'Unit manager' }), defects: shareDefects }),
      }),
    }),
    'shared-roster': () => ({
      caller: undefined,
      request: req({ pathParameters: tokenParams() }),
      // the world's link: names and statuses only (each opening is audited under the link, no change of the world's)
      ok: (res) => {
        expect(res.body).toMatchObject({ site_name: clx.siteName, students: [expect.objectContaining({ cleared: false })] });
        expect(JSON.stringify(res.body)).not.toContain(student.username);
      },
    }),
  });
});
