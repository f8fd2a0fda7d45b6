/**
 * FERPA-clean listings: walks every route a student can call (the rows of lambdas/routes.ts
 * whose access is 'signed-in' or names 'student'), as each demo student of the seeded school
 * (lib/local/seed), over HTTP through the local gateway, and fails if any answer names another student:
 * their username, full name, email, or id (Cognito sub, which is also their profile's id).
 *
 * Each route has a request builder here; a student route without one fails the walk, so a new route
 * is walked (or noticed) automatically. Builders send the student's own requests (their username,
 * their documents from their own list) and the hostile ones a student could send (another student's
 * username, every seeded document id, filters naming another student): every answer a student can
 * receive is scanned, refusals included.
 *
 * The scan reads the JSON text of each answer, case-insensitively:
 *  - ids (Cognito subs) and emails anywhere;
 *  - full names ("Ben Nguyen", "Nguyen, Ben") with word boundaries, so short names match only whole;
 *  - usernames with a dot anywhere, with word boundaries; usernames that are ordinary words ("student",
 *    "paid") only as a whole JSON string value outside `roles`/`groups` (the text "Student Handbook"
 *    names nobody).
 * The student's own identifiers are theirs to see.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../lambdas/routes.js';
import { demoDocuments } from '../../lib/local/seed/demo-documents.js';
import { demoStudents } from '../../lib/local/seed/demo-students.js';
import { STUDENT_PASSWORD } from '../../lib/local/seed/demo-users.js';
import type { CellRequest } from '../security/authorization-matrix.js';
import { login, send } from './support/api.js';
import { cognitoOf } from './support/cognito-tokens.js';

type Row = (typeof routes)[number];
/** The ids of the rows a student's token may call, at the type level too: a new one needs a builder to compile. */
type StudentRow = Extract<Row, { access: 'signed-in' }> | (Row extends infer R ? (R extends { access: readonly (infer A)[] } ? ('student' extends A ? R : never) : never) : never);
type StudentRouteId = StudentRow['id'];

const isStudentRoute = (r: Row) => r.access === 'signed-in' || (Array.isArray(r.access) && (r.access as readonly string[]).includes('student'));

interface Person {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  sub: string;
  cohortId: string | null;
  /** Ids of their compliance submissions (read by the demo admin): another student's answers must never hold one. */
  submissions: string[];
  /** Those of them that hold a file (what GET .../files/0/ serves). */
  withFiles: string[];
}

interface Walker {
  me: Person;
  others: Person[];
  /** Ids of the documents the student's own list answered. */
  myDocuments: Array<{ id: string; requires_signature: boolean; is_mandatory: boolean }>;
  /** Ids of the student's own notices (the seed welcomes every demo student). */
  myNotices: string[];
  /** Ids of the compliance requirement templates in force (a student may name any). */
  requirements: string[];
}

/** Every demo student's compliance submissions, each one's id (found by the demo admin in beforeAll). */
const everySubmission = () => people.flatMap((p) => p.withFiles);

/** Every document the seed made (the student may try any id). */
const SEEDED_DOCUMENT_IDS = demoDocuments.map((d) => d.record.id);

/** A request that fails before anything is written or sent to Stripe: more than any demo bill. */
const overpay = (username: string): CellRequest => ({
  body: { username, totalCost: 999_999, items: [{ program_type: 'certificate', program_id: 'nursing-assistant', amount: 999_999 }] },
});

/**
 * The requests of each student route. Writes that would change what other e2e tests see are avoided:
 * acknowledgements are sent only where they are refused (another's document, a wrong signature, a
 * document that asks for none), except for the one genuine signature made in beforeAll.
 */
const builders = {
  'students-get': ({ me, others }) => [{ pathParameters: { username: me.username } }, ...others.map((o) => ({ pathParameters: { username: o.username } }))],
  'students-payments': ({ me, others }) => [
    { pathParameters: { username: me.username } },
    { pathParameters: { username: me.username }, query: { limit: '1' } },
    ...others.map((o) => ({ pathParameters: { username: o.username } })),
  ],
  'courses-list': () => [{}, { query: { limit: '5' } }],
  'courses-categories': () => [{}],
  'courses-stats': () => [{}],
  'documents-list': ({ others }): CellRequest[] => [
    {},
    { query: { scope: 'individual' } },
    { query: { is_mandatory: 'true' } },
    ...others.flatMap((o): CellRequest[] => [
      { query: { student_name: o.lastName } },
      { query: { student_name: o.username } },
      { query: { search: o.lastName } },
      // a staff reader's view of one student's documents (the record page); a student is refused
      { query: { student: o.username } },
    ]),
  ],
  'documents-download': ({ myDocuments }) => [
    ...myDocuments.map((d) => ({ pathParameters: { id: d.id } })),
    ...myDocuments.map((d) => ({ pathParameters: { id: d.id }, query: { disposition: 'inline' } })),
    ...SEEDED_DOCUMENT_IDS.map((id) => ({ pathParameters: { id } })),
  ],
  'document-categories-list': () => [{}],
  'payments-create-intent': ({ me, others }) => [overpay(me.username), ...others.map((o) => overpay(o.username))],
  'users-totp-start': () => [{ body: {} }],
  'users-totp-verify': () => [{ body: { code: '000000' } }],
  'documents-acknowledge': ({ myDocuments }) => {
    const mine = new Set(myDocuments.map((d) => d.id));
    return [
      // documents of others, or none: refused
      ...SEEDED_DOCUMENT_IDS.filter((id) => !mine.has(id)).map((id) => ({ pathParameters: { id }, body: {} })),
      // signatures that are not the student's name: refused, saying whose name is wanted (their own)
      ...myDocuments.filter((d) => d.requires_signature).map((d) => ({ pathParameters: { id: d.id }, body: { signature: 'Not My Name' } })),
      // documents that ask for no acknowledgement: refused
      ...myDocuments.filter((d) => !d.requires_signature && !d.is_mandatory).map((d) => ({ pathParameters: { id: d.id }, body: {} })),
    ];
  },
  'notifications-list': () => [{}, { query: { limit: '5' } }],
  // their own notices, and an id of none of theirs (another's is not in their inbox)
  'notifications-read': ({ myNotices }) => [...myNotices.map((id) => ({ pathParameters: { id } })), { pathParameters: { id: '20260101T000000000Z-abcdef' } }],
  'notifications-read-all': () => [{}],
  'notification-preferences-get': () => [{}],
  'notification-preferences-put': () => [{ body: { announcement: 'email', reminder: 'email' } }],
  'compliance-requirements-get': () => [{}],
  'compliance-upload-url': () => [{ body: { file_name: 'BLS card.pdf', file_size: 2_000, content_type: 'application/pdf' } }],
  // refused only (a student's own evidence would change what other tests see): under another's name, or with another's upload
  'compliance-submit': ({ me, others, requirements }) => [
    ...others.flatMap((o) => requirements.slice(0, 2).map((id) => ({ body: { requirement_id: id, username: o.username, completed_on: '2026-01-05', attested: true } }))),
    ...others.map((o) => ({
      body: {
        requirement_id: requirements[0] ?? 'none',
        username: me.username,
        upload_keys: [`uploads/${o.username}/00000000-0000-4000-8000-000000000000/card.pdf`],
        completed_on: '2026-01-05',
      },
    })),
  ],
  // every submission with a file of every demo student: their own answer 200, the others' 403
  'compliance-file': () => everySubmission().flatMap((id) => [{ pathParameters: { id, index: '0' } }, { pathParameters: { id, index: '0' }, query: { disposition: 'inline' } }]),
  'compliance-student': ({ me, others }) => [{ pathParameters: { username: me.username } }, ...others.map((o) => ({ pathParameters: { username: o.username } }))],
  'payment-plan-templates-get': () => [{}],
  'students-holds': ({ me, others }) => [{ pathParameters: { username: me.username } }, ...others.map((o) => ({ pathParameters: { username: o.username } }))],
  // previews only (a plan of the student's own would change what other tests see): their own, and others' refused
  'students-payment-plans-create': ({ me, others }) =>
    [me, ...others].map((p) => ({
      pathParameters: { username: p.username },
      query: { preview: 'true' },
      body: { program_type: 'certificate', program_id: 'none', template_id: 'none' },
    })),
  'students-payment-plans-list': ({ me, others }) => [{ pathParameters: { username: me.username } }, ...others.map((o) => ({ pathParameters: { username: o.username } }))],
  'payment-methods-setup-intent': ({ others }) => [{ body: {} }, ...others.map((o) => ({ body: { username: o.username } }))],
  'students-payment-methods-list': ({ me, others }) => [{ pathParameters: { username: me.username } }, ...others.map((o) => ({ pathParameters: { username: o.username } }))],
  'students-payment-methods-delete': ({ others }) => others.map((o) => ({ pathParameters: { username: o.username, id: 'pm_card_visa' } })),
  // no demo student has a plan: ids nobody holds (a 404 names nobody; another's plan is refused, test/handlers)
  'payment-plans-pay-now': () => [{ pathParameters: { id: '00000000-0000-4000-8000-0000000000b1' }, body: {} }],
  'payment-plans-update': () => [{ pathParameters: { id: '00000000-0000-4000-8000-0000000000b1' }, body: { action: 'set_autopay', autopay: false } }],
} satisfies Record<StudentRouteId, (w: Walker) => CellRequest[]>;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const whole = (s: string) => new RegExp(`(?<![\\p{L}\\p{N}_.-])${escape(s)}(?![\\p{L}\\p{N}_-])`, 'iu');
/** A username that is an ordinary word is matched only as a whole value, never inside text. */
const isWordLike = (username: string) => /^[a-z]+$/.test(username);

interface Leak {
  student: string;
  route: string;
  request: string;
  names: string;
  by: string;
}

/** What in `answer` (the JSON text) names `other`. */
function namesIn(answer: string, parsed: unknown, other: Person): string[] {
  const found: string[] = [];
  const lower = answer.toLowerCase();
  if (other.sub && lower.includes(other.sub.toLowerCase())) found.push(`id ${other.sub}`);
  if (lower.includes(other.email.toLowerCase())) found.push(`email ${other.email}`);
  for (const id of other.submissions) if (lower.includes(id.toLowerCase())) found.push(`compliance submission ${id}`);
  for (const name of [`${other.firstName} ${other.lastName}`, `${other.lastName}, ${other.firstName}`]) {
    if (whole(name).test(answer)) found.push(`name ${name}`);
  }
  if (!isWordLike(other.username) && whole(other.username).test(answer)) found.push(`username ${other.username}`);
  if (isWordLike(other.username) && hasValue(parsed, other.username)) found.push(`username ${other.username}`);
  return found;
}

/** Whether a string value of the JSON equals `value` (any case), outside role and group lists. */
function hasValue(node: unknown, value: string, key = ''): boolean {
  if (typeof node === 'string') return node.trim().toLowerCase() === value;
  if (Array.isArray(node)) return !/^(roles|groups|cognito:groups)$/i.test(key) && node.some((n) => hasValue(n, value, key));
  if (node && typeof node === 'object') return Object.entries(node).some(([k, v]) => hasValue(v, value, k));
  return false;
}

const people: Person[] = demoStudents.map(({ profile }) => ({
  username: profile.username,
  firstName: profile.firstName,
  lastName: profile.lastName,
  email: profile.email,
  sub: '',
  cohortId: profile.cohortId,
  submissions: [],
  withFiles: [],
}));
let requirements: string[] = [];

describe('FERPA walk: no answer a student can receive names another student', () => {
  beforeAll(async () => {
    // the subs (ids) Cognito gave the demo students, read as an administrator of the local pool
    const { token } = await login(people[0]!.username, STUDENT_PASSWORD);
    const { cognito, poolId } = cognitoOf(token);
    for (const p of people) {
      const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: p.username }));
      p.sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? '';
      expect(p.sub, `${p.username}'s sub`).toMatch(/^[0-9a-f-]{36}$/);
    }
    // one genuine acknowledgement (by a student no other test uses), so the others' lists are walked with one in place
    const maya = people.find((p) => p.username === 'maya.singh')!;
    const signed = await send(
      'documents-acknowledge',
      { pathParameters: { id: 'doc-handbook' }, body: { signature: 'Maya Singh' } },
      {
        authorization: `Bearer ${(await login(maya.username, STUDENT_PASSWORD)).token}`,
      },
    );
    expect(signed.status).toBe(200);

    // Compliance records to aim at: maya.singh's BLS card, handed in by the demo admin with a file (approved at once),
    // under a template of her cohort made for the walk when the seed gives her none; then every demo student's
    // submissions, as the admin reads them.
    const admin = `Bearer ${(await login('admin', 'Admin!2345')).token}`;
    const set = (await send('compliance-requirements-get', {}, { authorization: admin })).body as { requirements: Array<Record<string, any>>; version: number };
    const inForce = set.requirements;
    let template = inForce.find((t) => t.evidence === 'file_and_dates' && t.applies_to.kind === 'cohort' && t.applies_to.cohort_id === maya.cohortId);
    if (!template) {
      const put = await send(
        'compliance-requirements-put',
        {
          body: {
            version: set.version,
            requirements: [
              ...inForce,
              {
                name: 'FERPA walk BLS card',
                category: 'cpr_bls',
                evidence: 'file_and_dates',
                validity: { kind: 'months', months: 24 },
                applies_to: { kind: 'cohort', cohort_id: maya.cohortId },
                due_days_from_cohort_start: null,
                guidelines: '',
                alternatives: [],
                exemption_allowed: false,
              },
            ],
          },
        },
        { authorization: admin },
      );
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      template = (put.body.requirements as Array<Record<string, any>>).find((t) => t.name === 'FERPA walk BLS card');
    }
    const pdf = Buffer.from('%PDF-1.4\n% FERPA walk\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    const target = await send(
      'compliance-upload-url',
      { body: { file_name: 'BLS card.pdf', file_size: pdf.byteLength, content_type: 'application/pdf' } },
      { authorization: admin },
    );
    expect(target.status, JSON.stringify(target.body)).toBe(200);
    expect((await fetch(target.body.upload_url, { method: 'PUT', headers: target.body.headers, body: new Uint8Array(pdf) })).status).toBe(200);
    const handedIn = await send(
      'compliance-submit',
      { body: { requirement_id: template!.id, username: maya.username, upload_keys: [target.body.upload_key], completed_on: '2026-01-05', expires_on: '2028-01-05' } },
      { authorization: admin },
    );
    expect(handedIn.status, JSON.stringify(handedIn.body)).toBe(201);
    for (const p of people) {
      const record = await send('compliance-student', { pathParameters: { username: p.username } }, { authorization: admin });
      expect(record.status).toBe(200);
      const history = (record.body.requirements as Array<{ history: Array<{ id: string; files: unknown[] }> }>).flatMap((r) => r.history);
      p.submissions = history.map((h) => h.id);
      p.withFiles = history.filter((h) => h.files.length > 0).map((h) => h.id);
    }
    expect(maya.submissions).toContain(handedIn.body.id);
    requirements = ((await send('compliance-requirements-get', {}, { authorization: admin })).body.requirements as Array<{ id: string }>).map((t) => t.id);
  }, 120_000);

  it('has a request builder for every route a student can call (lambdas/routes.ts)', () => {
    const studentRoutes = routes
      .filter(isStudentRoute)
      .map((r) => r.id)
      .sort();
    expect(studentRoutes.length).toBeGreaterThan(5);
    expect(Object.keys(builders).sort()).toEqual(studentRoutes);
  });

  it('walks every student route as each demo student: 0 leaks', async () => {
    const studentRoutes = routes.filter(isStudentRoute);
    const leaks: Leak[] = [];
    const statuses = new Map<string, Map<number, number>>();
    let answers = 0;

    const scan = (me: Person, route: string, request: unknown, status: number, text: string) => {
      answers++;
      const counts = statuses.get(route) ?? new Map<number, number>();
      counts.set(status, (counts.get(status) ?? 0) + 1);
      statuses.set(route, counts);
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* scanned as text */
      }
      for (const other of people) {
        if (other.username === me.username) continue;
        for (const by of namesIn(text, parsed, other)) leaks.push({ student: me.username, route, request: JSON.stringify(request), names: other.username, by });
      }
    };

    // The students walk side by side, each sending their own requests in order: a student's requests change only
    // their own state (notices read, preferences, a TOTP set-up started), so the answers are those of one at a time.
    const walk = async (me: Person) => {
      const signedIn = await login(me.username, STUDENT_PASSWORD);
      scan(me, 'users-login', { username: me.username }, 200, JSON.stringify(signedIn));
      const authorization = `Bearer ${signedIn.token}`;
      const own = await send('documents-list', {}, { authorization });
      expect(own.status, `${me.username} lists their documents`).toBe(200);
      const inbox = await send('notifications-list', {}, { authorization });
      expect(inbox.status, `${me.username} lists their notices`).toBe(200);
      const walker: Walker = {
        me,
        others: people.filter((p) => p !== me),
        myDocuments: own.body.results,
        myNotices: inbox.body.results.map((n: { id: string }) => n.id),
        requirements,
      };
      expect(walker.myDocuments.length, `${me.username} has documents to walk`).toBeGreaterThan(0);
      expect(walker.myNotices.length, `${me.username} has notices to walk`).toBeGreaterThan(0);

      for (const route of studentRoutes) {
        const build = (builders as Record<string, (w: Walker) => CellRequest[]>)[route.id];
        if (!build) throw new Error(`no request builder for the student route ${route.id}`);
        for (const request of build(walker)) {
          const res = await send(route.id, request, { authorization });
          expect(res.status, `${me.username} ${route.id} ${JSON.stringify(request)}: no server error`).toBeLessThan(500);
          scan(me, route.id, request, res.status, res.body === undefined ? '' : JSON.stringify(res.body));
        }
      }
    };
    await Promise.all(people.map(walk));

    const byRoute = [...statuses].map(([route, counts]) => `${route} ${[...counts].map(([s, n]) => `${s}x${n}`).join(' ')}`);
    console.log(
      [
        `FERPA walk: ${studentRoutes.length} student routes (+ users-login) as ${people.length} demo students: ${answers} answers scanned, ${leaks.length} leaks`,
        ...byRoute.map((line) => `  ${line}`),
        ...leaks.slice(0, 40).map((l) => `  LEAK ${l.student} ${l.route} ${l.request}: names ${l.names} by ${l.by}`),
      ].join('\n'),
    );
    expect(leaks).toEqual([]);
    // another's compliance file or record is refused outright, never answered (a 404 or 200 would be a finding too)
    for (const route of ['compliance-file', 'compliance-student']) expect([...(statuses.get(route)?.keys() ?? [])].sort(), route).toEqual([200, 403]);
    // every route answered at least once with a success for some student (the walk reached real data); the plan
    // previews name no seeded template (the demo data has none yet), no demo student has a saved card to remove or a
    // plan to pay or change
    const neverOk = [
      'payment-plans-pay-now',
      'payment-plans-update',
      'payments-create-intent',
      'users-totp-verify',
      'documents-acknowledge',
      'compliance-submit',
      'students-payment-plans-create',
      'students-payment-methods-delete',
    ];
    for (const route of studentRoutes.filter((r) => !neverOk.includes(r.id))) {
      expect(
        [...(statuses.get(route.id)?.keys() ?? [])].some((s) => s === 200),
        `${route.id} answered 200 to someone`,
      ).toBe(true);
    }
  }, 600_000);

  it('a filter naming another student tells a student nothing (student_name is not applied to their own list)', async () => {
    const ben = people.find((p) => p.username === 'ben.nguyen')!;
    const authorization = `Bearer ${(await login(ben.username, STUDENT_PASSWORD)).token}`;
    const ids = async (query: Record<string, string>) =>
      ((await send('documents-list', { query }, { authorization })).body.results as Array<{ id: string }>).map((d) => d.id).sort();
    const all = await ids({});
    expect(all).toContain('doc-payment-plan');
    for (const name of ['Lopez', 'student', 'nobody-at-all']) expect(await ids({ student_name: name })).toEqual(all);
  });
});
