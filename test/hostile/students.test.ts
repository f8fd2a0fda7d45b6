/** Hostile input on the student routes: forms, CSV imports, enrollments and ledger entries each with at least one fatal defect. The world and the runner: ./world.ts. */
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { IMPORT_COLUMNS } from '../../lambdas/contract/student-admin.js';
import { PROGRAM_TYPES } from '../../lambdas/contract/programs.js';
import { badMoney, blank, hostileJsonBody, hostileQuery, junkString, negativeMoney, notBoolean, notOneOf, notString, tooLong, type BodyPart } from '../security/hostile.js';
import { admin, payer, PROGRAM, fx, params, req, required, badDate, isArray, isPage, hostileRouteTests, useHostileWorld } from './world.js';

useHostileWorld();

const usernameRe = /^[a-z0-9][a-z0-9._-]{2,63}$/;
// usernames are canonical (trimmed, lower-cased) before they are checked: junk must stay invalid once lower-cased ('toString' is 'tostring', a valid name)
const junkUsername = junkString.filter((s) => !usernameRe.test(s.trim().toLowerCase()));
const BAD_EMAILS = ['not-an-email', 'a@', '@b.c', 'a@b', 'a b@c.de', '', 'a@@b.de', `${'a'.repeat(250)}@x.io`, '<a@b.de>', 'a@b.de,c@d.de'];
const studentFormDefects = {
  username: required(
    fc.oneof(fc.constantFrom('AB', 'Upper!', 'ab', 'a b c', '-abc', '.abc', 'abc#1', 'abc/../x', 'äbc', 'x'.repeat(65)), blank, notString, junkUsername, fc.constant(payer)),
  ),
  first_name: required(fc.oneof(blank, tooLong(100), notString)),
  last_name: required(fc.oneof(blank, tooLong(100), notString)),
  email: required(fc.oneof(fc.constantFrom(...BAD_EMAILS, `${payer}@example.edu`), notString)),
  phone_number: fc.oneof(fc.constantFrom('abc', '555-CALL', '+1 (555) 0100 ext 5', '١٢٣', 'x'.repeat(31)), fc.constantFrom(null, 5, true, [])),
  program_type: required(fc.oneof(notOneOf(PROGRAM_TYPES), fc.constantFrom('diploma', 'associates'))),
  program_name: required(fc.oneof(blank, tooLong(200), notString)),
  cohort_id: required(
    fc.oneof(
      blank,
      tooLong(64),
      notString,
      junkString.filter((s) => s.trim() !== '' && s.trim().length <= 64),
    ),
  ),
  on_payment_plan: fc.constantFrom('maybe', 1, 0, null, 'TRUE', [], {}),
  temporary_password: fc.oneof(fc.constantFrom('short', '', 'a'.repeat(129)), notString),
};
const studentForm = fc.uuid().map((u) => ({
  username: `hx-${u.slice(0, 8)}`,
  first_name: 'Hostile',
  last_name: 'Tester',
  email: `hx-${u.slice(0, 8)}@example.edu`,
  phone_number: '',
  program_type: 'certificate',
  program_name: 'Nursing Assistant',
  cohort_id: fx.cohort1.id,
  on_payment_plan: false,
  temporary_password: 'Temp!Pass2345',
}));

/** CSV rows for the import: string cells only, each row with at least one fatal defect. */
const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const CSV_ROW_DEFECTS: Record<string, fc.Arbitrary<string>> = {
  // 'AB' is 'ab' once canonical (usernames are trimmed and lower-cased), still too short
  username: fc.constantFrom('AB', 'up!per', 'a b', '-abc', 'äbc', '', 'x'.repeat(65), payer),
  first_name: fc.constantFrom('', 'x'.repeat(101)),
  email: fc.constantFrom(...BAD_EMAILS.filter((e) => !e.includes('\n')), `${payer}@example.edu`),
  program_type: fc.constantFrom('', 'nursing', 'CERTIFICATE', 'diploma'),
  cohort_id: fc.constantFrom('', 'no-such-cohort', '../../etc', 'x'.repeat(65)),
  temporary_password: fc.constantFrom('short', 'a'.repeat(129)),
  on_payment_plan: fc.constantFrom('maybe', 'TRUE1', '2'),
};
const csvRow = fc
  .record({ form: studentForm, fields: fc.uniqueArray(fc.constantFrom(...Object.keys(CSV_ROW_DEFECTS)), { minLength: 1, maxLength: 3 }) })
  .chain(({ form, fields }) =>
    fc.tuple(...fields.map((f) => CSV_ROW_DEFECTS[f]!)).map((values) => {
      const row: Record<string, string> = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]));
      fields.forEach((f, i) => {
        row[f] = values[i]!;
      });
      return IMPORT_COLUMNS.map((c) => csvCell(row[c] ?? '')).join(',');
    }),
  );
const importBody: fc.Arbitrary<BodyPart> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.array(csvRow, { minLength: 1, maxLength: 4 }), fc.constantFrom('\n', '\r\n'))
      .map(([rows, eol]) => [IMPORT_COLUMNS.join(','), ...rows].join(eol))
      .map((csv) => ({ rawBody: JSON.stringify({ csv }) })),
  },
  {
    weight: 1,
    arbitrary: fc.array(csvRow, { minLength: 101, maxLength: 103 }).map((rows) => ({ rawBody: JSON.stringify({ csv: [IMPORT_COLUMNS.join(','), ...rows].join('\n') }) })),
  },
  {
    weight: 2,
    arbitrary: fc
      .oneof(junkString, fc.constantFrom('username\n', 'a,b,c\n1,2,3', `${IMPORT_COLUMNS.join(',')}\n`, '"unterminated,quote\n', '\ufeff'))
      .map((csv) => ({ rawBody: JSON.stringify({ csv }) })),
  },
  {
    weight: 3,
    arbitrary: hostileJsonBody({
      base: fc.constant({ csv: `${IMPORT_COLUMNS.join(',')}\n` }),
      defects: { csv: required(fc.oneof(notString, fc.constant(''), tooLong(1_000_000))) },
    }),
  },
);

describe('hostile input on the students routes', () => {
  hostileRouteTests('students', {
    'students-get': () => ({
      caller: admin,
      request: req({ pathParameters: params('username', [payer]) }),
      ok: (res) => expect(res.body).toMatchObject({ username: payer, payment_details: expect.any(Object) }),
    }),
    'students-list': () => ({
      caller: admin,
      request: req({ query: hostileQuery(['cohort_id', 'program_type', 'balance_status', 'search']) }),
      ok: isArray,
    }),
    'students-payments': () => ({
      caller: admin,
      request: req({ pathParameters: params('username', [payer]), query: hostileQuery(['limit', 'cursor']) }),
      ok: (res) => {
        isPage(res);
        expect(res.body.results.every((p: { username: string }) => p.username === res.body.results[0].username)).toBe(true);
      },
    }),
    'students-messages': () => ({ caller: admin, request: req({ pathParameters: params('username', [payer]), query: hostileQuery(['limit', 'cursor']) }), ok: isPage }),
    'students-holds': () => ({
      caller: admin,
      request: req({ pathParameters: params('username', [payer]) }),
      ok: (res) => expect(res.body).toMatchObject({ holds: expect.any(Array), never_blocked: expect.any(Array) }),
    }),
    'students-create': () => ({ caller: admin, request: req({ body: hostileJsonBody({ base: studentForm, defects: studentFormDefects }) }) }),
    'students-import': () => ({
      caller: admin,
      request: req({ body: importBody }),
      // a readable file is queued: every row is invalid, so the import job reports each and creates nobody
      ok: (res) => expect(res).toMatchObject({ status: 202, body: { id: expect.any(String), status: 'processing', total: expect.any(Number), created: 0 } }),
    }),
    'students-import-get': () => ({
      caller: admin,
      request: req({ pathParameters: params('id'), query: hostileQuery(['limit', 'cursor']) }),
      ok: (res) => expect(res.body).toMatchObject({ id: expect.any(String), rows: expect.any(Array) }),
    }),
    'students-imports-list': () => ({ caller: admin, request: req({ query: hostileQuery(['limit', 'cursor']) }), ok: isPage }),
    'students-enroll': () => ({
      caller: admin,
      request: req({
        pathParameters: params('username', [payer]),
        body: hostileJsonBody({
          base: fc
            .uuid()
            .map((u) => ({ program_type: 'diploma', program_id: `hx-${u.slice(0, 8)}`, program_name: 'Hostile Diploma', amount_due: '100.00', next_due_date: '2031-01-01' })),
          defects: {
            program_type: required(notOneOf(PROGRAM_TYPES)),
            program_id: fc.oneof(fc.constantFrom('UPPER', 'a b', 'a/b', '../x', 'x'.repeat(65), '', 'ä', 'a#b'), notString),
            program_name: required(fc.oneof(blank, tooLong(200), notString)),
            amount_due: required(fc.oneof(badMoney, negativeMoney)),
            next_due_date: badDate,
          },
        }),
      }),
    }),
    'students-ledger-entry': () => ({
      caller: admin,
      request: req({
        pathParameters: params('username', [payer]),
        body: hostileJsonBody({
          base: fc.constant({ program_type: PROGRAM.type, program_id: PROGRAM.id, kind: 'charge', amount: '1.00', reason: 'Hostile test' }),
          defects: {
            program_type: required(fc.oneof(notOneOf(PROGRAM_TYPES), fc.constantFrom('diploma', 'associates'))),
            program_id: required(
              fc.oneof(
                blank,
                tooLong(64),
                notString,
                junkString.filter((s) => s.trim() !== PROGRAM.id && s.trim() !== ''),
              ),
            ),
            kind: required(notOneOf(['charge', 'credit'])),
            amount: required(fc.oneof(badMoney, negativeMoney, fc.constantFrom('0', '0.00', 0))),
            reason: required(fc.oneof(fc.constantFrom('', 'ab', '  a '), tooLong(500), notString)),
            next_due_date: badDate,
          },
        }),
      }),
    }),
    'students-sign-in': () => ({
      caller: admin,
      request: req({ pathParameters: params('username', [payer]), body: hostileJsonBody({ base: fc.constant({ enabled: false }), defects: { enabled: required(notBoolean) } }) }),
    }),
  });
});
