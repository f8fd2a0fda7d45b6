/**
 * The world every hostile-input file works in: its own fixtures (courses, cohorts, a student who owes and
 * one who pays, a document to sign, a paid PaymentIntent, planted bad uploads), the stored state that no
 * hostile request may change, the building blocks of hostile requests, and the runner that sends at
 * least 1,000 generated bad requests to each route of a resource (test/security/hostile.ts), as the most
 * privileged caller the route allows, so validation rather than authorization is what answers. Every
 * answer must be a 4xx with `{"error": "..."}` (never a 5xx, never a hang); a 2xx only where the route
 * writes nothing and the generated input happened to be valid, with the answer's shape checked; and no
 * stored data may change (a valid read of a student record adds its read entry, see
 * test/handlers/audit.test.ts). Each file has its own fixtures (its own tag), so routes of one resource
 * cannot disturb another's.
 */
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../lambdas/contract/documents.js';
import { routes, type RouteId } from '../../lambdas/routes.js';
import { createCohort } from '../../lambdas/store/cohort.js';
import { complianceKeys, Requirement } from '../../lambdas/store/compliance.js';
import { db, TABLE_NAME } from '../../lambdas/store/dynamo.js';
import { stripe } from '../../lambdas/store/payment-gateway.js';
import { emailMarkerItem } from '../../lambdas/store/student.js';
import { siteKeys } from '../../lambdas/store/clinical-site.js';
import { hashShareToken, rotationKeys } from '../../lambdas/store/rotation.js';
import type { Caller } from '../handlers/support/events.js';
import { createStudentRecord } from '../handlers/support/fixtures.js';
import { auditChangeCount, call, eventFor, handlerOf, urlPart } from '../handlers/support/matrix-world.js';
import { deliver, succeeded } from '../handlers/support/stripe-events.js';
import type { CellRequest } from '../security/authorization-matrix.js';
import { blank, DELETE, hostileJsonBody, hostileParam, hostileQuery, junkBody, junkString, multipartRequest, notString, tooLong, type BodyPart } from '../security/hostile.js';

/** Which routes each test file of this folder covers, by route id; test/hostile/coverage.test.ts checks every route is in one. */
export const RESOURCES = {
  users: /^users-/,
  students: /^students-(?!payment-)/,
  courses: /^courses-/,
  // the cohort compliance grid is a compliance route (its handler, its fixtures)
  cohorts: /^cohorts-(?!compliance$)/,
  compliance: /^(compliance-|cohorts-compliance$)/,
  documents: /^documents?-/,
  payments: /^payments-/,
  reports: /^(audit|dashboard)-/,
  notifications: /^(notifications|notification-preferences|announcements)-/,
  clinical: /^(clinical-sites-|rotations-|shared-roster$)/,
  plans: /^(payment-plan|payment-methods-|students-payment-)/,
} as const;
export type Resource = keyof typeof RESOURCES;
/** Runs per route (the issue asks for at least 1,000). */
export const RUNS = 1_000;
/** HOSTILE_VERBOSE=1 lists, per route, which refusals the generated requests met (to see what they exercise). */
export const VERBOSE = process.env.HOSTILE_VERBOSE === '1';

export const tag = `hx${randomUUID().slice(0, 6)}`;
export const admin: Caller = { username: `${tag}-admin`, roles: ['admin'] };
export const setup: Caller = { username: `${tag}-setup`, roles: ['admin'] };
export const student: Caller = { username: `${tag}-student` };
export const payer = `${tag}-payer`;
export const PROGRAM = { type: 'certificate' as const, id: 'hx-na' };

/** What the fixtures are; filled in beforeAll. */
export const fx = {} as {
  course1: { id: string; crn: string };
  course2: { id: string; crn: string };
  cohort1: { id: string; year: string; number: number };
  cohort2: { id: string; number: number };
  signDoc: string;
  paidIntent: string;
};

/** The compliance fixtures (setUpComplianceFixtures, for the compliance file only); filled in its beforeAll. */
export const cfx = {} as {
  /** A date-only requirement of cohort1 that expires (so an approval needs both dates). */
  dateReq: string;
  /** A requirement of cohort1 that needs a file. */
  fileReq: string;
  /** The student's hand-in waiting for review, with one file. */
  pending: string;
};

/** The clinical placement fixtures (setUpClinicalFixtures, for the clinical file only); filled in its beforeAll. */
export const clx = {} as {
  /** A site with an agreement file and one rotation (so it cannot be deleted), and a second site (its name taken). */
  site: string;
  siteName: string;
  otherSiteName: string;
  /** A rotation at `site` of capacity 1, full with the world's student, who is not cleared for it. */
  rotation: string;
  /** A link to the rotation's shared roster. */
  token: string;
};

export type Answer = { status: number; body: any; headers?: Record<string, unknown> };
export interface Spec {
  caller: Caller | undefined;
  request: fc.Arbitrary<CellRequest>;
  /** Present when a 2xx is acceptable (the route writes nothing and the input may be valid): checks its shape. */
  ok?: (res: Answer) => void;
}
// ---- building blocks ---------------------------------------------------------------------------

export const params = (name: string, known: readonly string[] = []) => hostileParam(known).map((v) => (v === undefined ? undefined : { [name]: v }));
export const noParams = fc.option(
  fc.dictionary(
    junkString.filter((k) => k.length < 20),
    junkString,
    { maxKeys: 2 },
  ),
  { nil: undefined },
);

/** A request from its parts; a body part may carry headers and base64. */
export const req = (parts: { pathParameters?: fc.Arbitrary<Record<string, string> | undefined>; query?: fc.Arbitrary<Record<string, string>>; body?: fc.Arbitrary<BodyPart> }) =>
  fc
    .record({
      pathParameters: parts.pathParameters ?? noParams,
      query: parts.query ?? fc.option(hostileQuery([]), { nil: undefined }),
      body: parts.body ?? junkBody,
    })
    .map(({ pathParameters, query, body }): CellRequest => ({ pathParameters, query, ...body }));

export const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(s);
/** Junk that is certainly not matched by `re` once trimmed. */
export const junkNot = (re: RegExp) => junkString.filter((s) => !re.test(s.trim()));
export const required = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, fc.constant(DELETE));
/** Not the version of a set (contract/set-version.ts: a whole number from 0), or left out. */
export const badVersion = required(fc.oneof(fc.constantFrom(1.5, '3', null, true, [], {}), fc.integer({ max: -1 })));
/** A username field no account has: missing, not a string, blank, past Cognito's 128 characters, or `junk`. */
export const badUsername = (junk: fc.Arbitrary<string> = junkString) => required(fc.oneof(notString, blank, tooLong(128), junk));
export const badDate = fc.oneof(
  fc.constantFrom('2031/01/01', '2031-1-1', '01-01-2031', 'tomorrow', '', '2031-01-01T00:00:00Z', 20310101, true, [], {}),
  junkNot(/^\d{4}-\d{2}-\d{2}$/),
);
/** `valid()` with one to three of its fields given a fatal value of `defects` (DELETE: a required field left out). */
export const broken = <T extends Record<string, unknown>>(valid: () => T, defects: Record<string, fc.Arbitrary<unknown>>) =>
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

// what uploads are made of
export const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const pngBytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
export const zipBytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]);
export const okFile = { fileName: 'notes.txt', bytes: Buffer.from('Clinical notes'), type: 'text/plain' };
/**
 * Presigned uploads of the caller's own that are not what they claim (made in beforeAll): naming one
 * reaches the stored-object checks. Each is deleted by the first request that names it, as designed.
 */
export const badUploads: Array<{ key: string; bytes: Buffer }> = [];

export const readOnlyGet = (ok: (res: Answer) => void): Spec => ({ caller: admin, request: req({}), ok });
/**
 * A presigned-upload route (`{ file_name, file_size }`), sent names of types no upload takes and sizes out of range.
 * Valid input only presigns (nothing is stored), and the key must stay inside the caller's own prefix.
 */
export const presignSpec = (fileName: string): Spec => ({
  caller: admin,
  request: req({
    body: hostileJsonBody({
      base: fc.constant({ file_name: fileName, file_size: 1_000 }),
      defects: {
        file_name: required(fc.oneof(fc.constantFrom('x.exe', 'noext', '.pdf', 'a.pdf.exe', '../../x.sh', 'a.PDF\u0000.exe', 'a.'), blank, tooLong(255), notString)),
        file_size: required(
          fc.oneof(fc.constantFrom(0, -1, 1.5, MAX_UPLOAD_BYTES + 1, 1e308, '100', null, true, [], {}), fc.integer({ max: 0 }), fc.integer({ min: MAX_UPLOAD_BYTES + 1 })),
        ),
      },
    }),
  }),
  ok: (res) => expect(res.body.upload_key).toMatch(new RegExp(`^uploads/${encodeURIComponent(admin.username)}/[0-9a-f-]{36}/[A-Za-z0-9_-][A-Za-z0-9._-]*$`)),
});
/** A list: every match as an array, or one page of them (`limit` / `cursor`). */
export const isArray = (res: Answer) => expect(Array.isArray(res.body) || Array.isArray(res.body?.results), JSON.stringify(res.body).slice(0, 200)).toBe(true);
export const isPage = (res: Answer) => expect(res.body).toMatchObject({ results: expect.any(Array), count: expect.any(Number) });

// ---- fixtures and the stored state that must not move ---------------------------------------------

const s3 = new S3Client({ forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });

async function itemsOf(pk: string) {
  const out = await db.send(new QueryCommand({ TableName: TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }));
  return (out.Items ?? []).sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
}

export async function storedState() {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: process.env.BUCKET_NAME!, Prefix: `uploads/${encodeURIComponent(admin.username)}/` }));
  return {
    // changes only: an admin's successful read of a student record is audited and is no change
    auditByAdmin: await auditChangeCount(admin.username),
    auditByStudent: await auditChangeCount(student.username),
    payer: await itemsOf(`STUDENT#${payer}`),
    student: await itemsOf(`STUDENT#${student.username}`),
    courses: [await itemsOf(`COURSE#${fx.course1.id}`), await itemsOf(`COURSE#${fx.course2.id}`), await itemsOf(`CRN#${fx.course1.crn}`)],
    cohorts: [await itemsOf(`COHORT#${fx.cohort1.id}`), await itemsOf(`COHORT#${fx.cohort2.id}`)],
    document: await itemsOf(`DOC#${fx.signDoc}`),
    // this file's own compliance templates (the compliance file's; none in the others), and the pending hand-in's pointer
    complianceRequirements: (await itemsOf(complianceKeys.requirements)).filter((i) => String(i.id).startsWith(tag)),
    compliancePointer: cfx.pending ? await itemsOf(complianceKeys.pointer(cfx.pending).pk) : [],
    complianceFiles: (
      (await s3.send(new ListObjectsV2Command({ Bucket: process.env.BUCKET_NAME!, Prefix: `compliance/${encodeURIComponent(student.username)}/` }))).Contents ?? []
    ).map((o) => o.Key),
    intent: await itemsOf(`INTENT#${fx.paidIntent}`),
    // the clinical file's own: its sites, its rotation with its roster, and its shared roster (the student's copy is in `student`)
    clinicalSites: clx.site ? (await itemsOf(siteKeys.all)).filter((i) => String(i.name).includes(tag)) : [],
    rotation: clx.rotation ? await itemsOf(rotationKeys.collection(clx.rotation)) : [],
    share: clx.token ? await itemsOf(rotationKeys.share(hashShareToken(clx.token)).pk) : [],
    clinicalFiles: clx.site
      ? ((await s3.send(new ListObjectsV2Command({ Bucket: process.env.BUCKET_NAME!, Prefix: `clinical-sites/${clx.site}/` }))).Contents ?? []).map((o) => o.Key)
      : [],
    // the plans file's: a template named with the tag, or hold rules with its tell-tale day count, would be a save that got through
    planSettings: (await itemsOf('PLAN_SETTINGS')).filter((i) => String(i.name ?? '').includes(tag) || i.installmentPastDueDays === HOSTILE_HOLD_DAYS),
    // the caller's planted bad uploads are consumed (deleted) by design; nothing else may appear or go
    uploads: (listed.Contents ?? []).map((o) => o.Key).filter((k) => !badUploads.some((u) => u.key === k)),
  };
}

/** The day count of the hold rules the plans file's bodies carry: no other test uses it, so finding it stored means a hostile save got through. */
export const HOSTILE_HOLD_DAYS = 297;

export const stats: Array<{ route: string; runs: number; statuses: Record<number, number>; ms: number }> = [];

async function setUpFixtures() {
  const course = async (name: string) => {
    const crn = `HXF-${randomUUID().slice(0, 8)}`.toUpperCase();
    const res = await call('courses-create', setup, { body: { name, CRN: crn, credit_hours: 3 } });
    if (res.status !== 201) throw new Error(`course: ${JSON.stringify(res.body)}`);
    return { id: res.body.id as string, crn };
  };
  fx.course1 = await course('Biology');
  fx.course2 = await course('Physics');
  const year = 3950 + Math.floor(Math.random() * 40);
  const number = 1 + Math.floor(Math.random() * 900);
  const cohort = (n: number) =>
    createCohort(
      {
        academicYear: `${year}-${year + 1}`,
        cohortNumber: n,
        programType: 'certificate',
        programName: 'Hostile cohort',
        isActive: true,
        startDate: null,
        endDate: null,
      },
      setup.username,
    );
  const [c1, c2] = [await cohort(number), await cohort(number + 1)];
  fx.cohort1 = { id: c1.id, year: `${year}-${year + 1}`, number };
  fx.cohort2 = { id: c2.id, number: number + 1 };

  const enrollment = { programType: PROGRAM.type, programId: PROGRAM.id, programName: 'Nursing Assistant', nextDueDate: '2031-01-15', enrolledAt: '2026-09-01T00:00:00.000Z' };
  const charge = { entryId: 'c1', kind: 'charge' as const, programType: PROGRAM.type, programId: PROGRAM.id, amountCents: 10_000, createdAt: '2026-09-01T00:00:00.000Z' };
  const payerProfile = await createStudentRecord({ username: payer, enrollments: [enrollment], entries: [charge], profile: { firstName: 'Pat', lastName: `Payer${tag}` } });
  // as the seed and POST /api/students/ do, so a second student with this email is a conflict
  await db.send(new PutCommand({ TableName: TABLE_NAME, Item: emailMarkerItem(payerProfile) }));
  await createStudentRecord({
    username: student.username,
    enrollments: [enrollment],
    entries: [charge],
    profile: { firstName: 'Zyxw', lastName: `Qvut${tag}`, cohortId: fx.cohort1.id },
  });

  const contents: Array<[string, Buffer]> = [
    ['claims.pdf', Buffer.from('not a pdf at all')],
    ['empty.txt', Buffer.alloc(0)],
    ['binary.txt', Buffer.from([0, 1, 2, 0xff])],
    ['word.docx', zipBytes],
    ['image.png', pdfBytes],
    ['sheet.xlsx', Buffer.from('a,b\n1,2')],
    ['a.jpg', pngBytes],
  ];
  for (let i = 0; i < 40; i++) {
    const [name, bytes] = contents[i % contents.length]!;
    const key = `uploads/${encodeURIComponent(admin.username)}/${randomUUID()}/${name}`;
    await s3.send(new PutObjectCommand({ Bucket: process.env.BUCKET_NAME!, Key: key, Body: bytes }));
    badUploads.push({ key, bytes });
  }

  const upload = await call(
    'documents-upload',
    setup,
    multipartRequest([
      { name: 'title', value: `Sign me ${tag}` },
      { name: 'scope', value: 'general' },
      { name: 'is_public', value: 'true' },
      { name: 'requires_signature', value: 'true' },
      { name: 'file', file: okFile },
    ]),
  );
  if (upload.status !== 201) throw new Error(`upload: ${JSON.stringify(upload.body)}`);
  fx.signDoc = upload.body.id;

  const intent = await call('payments-create-intent', setup, {
    body: { username: payer, totalCost: '20.00', idempotency_key: randomUUID(), items: [{ program_type: PROGRAM.type, program_id: PROGRAM.id, amount: '20.00' }] },
  });
  if (intent.status !== 200) throw new Error(`intent: ${JSON.stringify(intent.body)}`);
  fx.paidIntent = intent.body.paymentIntentId;
  await (await stripe()).paymentIntents.confirm(fx.paidIntent, { payment_method: 'pm_card_visa' });
  if ((await deliver(succeeded(fx.paidIntent, 2_000))).body?.outcome !== 'applied') throw new Error('payment not applied');
}

/** The terms of every requirement template of cohort1's here, whatever its name and evidence: valid a year, nothing waived. */
export const cohort1TemplateTerms = () => ({
  validity: { kind: 'months' as const, months: 12 },
  applies_to: { kind: 'cohort' as const, cohort_id: fx.cohort1.id },
  due_days_from_cohort_start: null,
  guidelines: '',
  alternatives: [],
  exemption_allowed: false,
});

/**
 * Templates for cohort1 (so only this world's student is asked for them), written straight into the store,
 * and the student's hand-in waiting for review with one file, made through the submit route.
 */
export async function setUpComplianceFixtures() {
  cfx.dateReq = `${tag}-flu`;
  cfx.fileReq = `${tag}-bls`;
  const base = { category: 'immunization' as const, ...cohort1TemplateTerms(), retired: false, updatedAt: new Date().toISOString() };
  for (const item of [
    Requirement.item({ ...base, id: cfx.dateReq, name: `Flu ${tag}`, evidence: 'date_only' }),
    Requirement.item({ ...base, id: cfx.fileReq, name: `BLS ${tag}`, evidence: 'file_and_dates' }),
  ]) {
    await db.send(new PutCommand({ TableName: TABLE_NAME, Item: item }));
  }
  const key = `uploads/${encodeURIComponent(student.username)}/${randomUUID()}/card.txt`;
  await s3.send(new PutObjectCommand({ Bucket: process.env.BUCKET_NAME!, Key: key, Body: Buffer.from('BLS card, valid through 2027') }));
  const res = await call('compliance-submit', student, { body: { requirement_id: cfx.fileReq, upload_keys: [key], completed_on: '2026-01-02' } });
  if (res.status !== 201) throw new Error(`compliance submission: ${JSON.stringify(res.body)}`);
  cfx.pending = res.body.id;
}

/**
 * Clinical placements: a site with an agreement (an upload of the admin's, adopted) and a second site, both named
 * with the tag; a template of cohort1 the student has not met (so they are never cleared, and a share needs a
 * reason); a rotation of capacity 1 with the student on it (full: any other assignment is a 409); and a share of it.
 */
export async function setUpClinicalFixtures() {
  const key = `uploads/${encodeURIComponent(admin.username)}/${randomUUID()}/agreement.pdf`;
  await s3.send(new PutObjectCommand({ Bucket: process.env.BUCKET_NAME!, Key: key, Body: pdfBytes }));
  const site = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await call('clinical-sites-create', admin, { body: { name, units: ['Med-Surg', 'ICU'], ...extra } });
    if (res.status !== 201) throw new Error(`clinical site: ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  clx.siteName = `Hostile General ${tag}`;
  clx.otherSiteName = `Hostile Other ${tag}`;
  clx.site = await site(clx.siteName, { agreement: { starts_on: '2026-01-01', ends_on: '2030-12-31', upload_key: key } });
  await site(clx.otherSiteName);
  await db.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: Requirement.item({
        id: `${tag}-orientation`,
        name: `Orientation ${tag}`,
        category: 'training',
        evidence: 'date_only',
        ...cohort1TemplateTerms(),
        retired: false,
        updatedAt: new Date().toISOString(),
      }),
    }),
  );
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const rotation = await call('rotations-create', admin, {
    body: { site_id: clx.site, unit: 'ICU', course_id: fx.course1.id, instructor: 'Ina Structor', starts_on: day(20), ends_on: day(60), capacity: 1 },
  });
  if (rotation.status !== 201) throw new Error(`rotation: ${JSON.stringify(rotation.body)}`);
  clx.rotation = rotation.body.id;
  const assigned = await call('rotations-assign', admin, { pathParameters: { id: clx.rotation }, body: { usernames: [student.username] } });
  if (assigned.status !== 200) throw new Error(`assign: ${JSON.stringify(assigned.body)}`);
  const shared = await call('rotations-share', admin, { pathParameters: { id: clx.rotation }, body: { recipient: 'Hostile General', override_reason: 'Fixture' } });
  if (shared.status !== 201) throw new Error(`share: ${JSON.stringify(shared.body)}`);
  clx.token = String(shared.body.path).split('/').pop()!;
}

function report() {
  if (!stats.length) return;
  const bad = stats.filter((s) => !s.route.endsWith('(valid text)'));
  const total = (list: typeof stats) => list.reduce((n, s) => n + s.runs, 0);
  const lines = stats.map(
    (s) =>
      `  ${s.route.padEnd(36)} ${String(s.runs).padStart(5)} runs ${String(s.ms).padStart(6)} ms  ${Object.entries(s.statuses)
        .map(([k, v]) => `${k}:${v}`)
        .join(' ')}`,
  );
  console.log(`[hostile input] ${total(bad)} generated bad requests over ${bad.length} routes, ${total(stats) - total(bad)} valid writes of hostile text\n${lines.join('\n')}`);
}

/**
 * The fixtures before a file's tests (made once per worker: the project shares one module graph between its files,
 * and hostile requests change nothing stored, which every route's test checks), and what its routes answered after
 * them.
 */
let fixtures: Promise<void> | undefined;
export function useHostileWorld(): void {
  beforeAll(() => (fixtures ??= setUpFixtures()), 120_000);
  afterAll(() => {
    report();
    stats.length = 0;
  });
}

/** A counterexample small enough to read: long strings cut, base64 bodies decoded. */
export function brief(value: unknown): string {
  return JSON.stringify(value, (key, v) => {
    if (typeof v !== 'string') return v;
    const text = key === 'rawBody' && /^[A-Za-z0-9+/=]+$/.test(v) && v.length > 40 ? `base64:${Buffer.from(v, 'base64').toString('utf8')}` : v;
    return text.length > 300 ? `${text.slice(0, 300)}...(${text.length} chars)` : text;
  });
}

/**
 * A few routes at a time: the stand-ins, not this process, are the bottleneck. Each invocation gets
 * a minute of (Lambda) time, so a machine busy with other work slows the run but fails nothing.
 */
const SLOTS = 3;
let free = SLOTS;
const waiting: Array<() => void> = [];
export async function inSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (free > 0) free--;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else free++;
  }
}
const context = { awsRequestId: 'hostile', functionName: 'hostile', getRemainingTimeInMillis: () => 60_000 };
/** Errors no handler caught (a Lambda would crash): collected while the routes run, none allowed. */
export const uncaught: string[] = [];
process.on('uncaughtException', (error) => uncaught.push(String((error as Error)?.stack ?? error)));
process.on('unhandledRejection', (error) => uncaught.push(String((error as Error)?.stack ?? error)));
/**
 * API Gateway refuses, before any Lambda, a request whose request line and header values pass 10,240 bytes
 * together (HTTP API quotas: https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-quotas.html).
 * So the generated requests that reach a handler keep their path, query (percent-encoded, as sent) and header values
 * within that; the huge junk strings still arrive in bodies (a payload may be 10 MB). Counting characters first keeps
 * the check cheap: a character is at least a byte, so anything longer is over without encoding it.
 */
export const GATEWAY_REQUEST_LINE_BYTES = 10_240;
export function reachesLambda(request: CellRequest): boolean {
  const strings = (values: unknown[]) => values.filter((v): v is string => typeof v === 'string');
  const inUrl = strings([...Object.values(request.pathParameters ?? {}), ...Object.entries(request.query ?? {}).flat()]);
  const headerValues = strings(Object.values(request.headers ?? {}));
  const characters = [...inUrl, ...headerValues].reduce((n, part) => n + part.length, 0);
  if (characters > GATEWAY_REQUEST_LINE_BYTES) return false;
  const bytes = inUrl.reduce((n, part) => n + urlPart(part).length, 0) + headerValues.reduce((n, value) => n + Buffer.byteLength(value), 0);
  return bytes <= GATEWAY_REQUEST_LINE_BYTES;
}

export async function invokeSlowly(id: RouteId, caller: Caller | undefined, request: CellRequest): Promise<Answer> {
  const result = await (await handlerOf(id))(eventFor(id, caller, request), context);
  return { status: result.statusCode ?? 200, body: result.body ? JSON.parse(result.body) : undefined, headers: result.headers };
}

/**
 * The hostile-input tests of one resource: a check that `specs` has a generator for each of its routes
 * (and no other), then each route's 1,000 hostile requests, a few routes at a time.
 */
export function hostileRouteTests(resource: Resource, specs: Partial<Record<RouteId, () => Spec>>): void {
  const mine = routes.filter((r) => RESOURCES[resource].test(r.id));
  it(`has a generator for each ${resource} route, and only those`, () => {
    expect(Object.keys(specs).sort()).toEqual(mine.map((r) => r.id).sort());
  });
  for (const route of mine) {
    it.concurrent(
      `${route.id}: ${RUNS} hostile requests, never a 5xx, always {"error"} on a 4xx, nothing stored changes`,
      () =>
        inSlot(async () => {
          const spec = specs[route.id]!();
          const statuses: Record<number, number> = {};
          const reasons: Record<string, number> = {};
          const before = await storedState();
          const started = Date.now();
          let runs = 0;
          const outcome = await fc.check(
            fc.asyncProperty(spec.request.filter(reachesLambda), async (request) => {
              runs++;
              const res = await invokeSlowly(route.id as RouteId, spec.caller, request);
              statuses[res.status] = (statuses[res.status] ?? 0) + 1;
              if (VERBOSE && res.status >= 400) {
                const reason = `${res.status} ${String(res.body?.error).replace(/:.*$/s, ':').slice(0, 40)}`;
                reasons[reason] = (reasons[reason] ?? 0) + 1;
              }
              expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
              if (res.status >= 400) {
                expect(res.status).toBeGreaterThanOrEqual(400);
                expect(res.body).toEqual(expect.objectContaining({ error: expect.stringMatching(/\S/) }));
                expect(String(res.headers?.['content-type'])).toMatch(/^application\/json/);
              } else {
                expect(spec.ok, `a hostile request to ${route.id} succeeded (${res.status}): ${JSON.stringify(res.body).slice(0, 300)}`).toBeDefined();
                spec.ok!(res);
              }
            }),
            { numRuns: RUNS, timeout: 90_000 },
          );
          if (outcome.failed) {
            const cause = outcome.errorInstance instanceof Error ? outcome.errorInstance.message : String(outcome.errorInstance);
            throw new Error(
              `${route.id}: failed after ${outcome.numRuns} runs (seed ${outcome.seed}, path "${outcome.counterexamplePath}")\n` +
                `counterexample: ${brief(outcome.counterexample)}\n${cause.slice(0, 1_500)}`,
            );
          }
          stats.push({ route: route.id, runs, statuses, ms: Date.now() - started });
          if (VERBOSE)
            console.log(
              `[hostile input] ${route.id} answered:\n${Object.entries(reasons)
                .sort((a, b) => b[1] - a[1])
                .map(([r, n]) => `    ${n} x ${r}`)
                .join('\n')}`,
            );
          expect(runs).toBeGreaterThanOrEqual(RUNS);
          expect(await storedState(), 'hostile requests changed stored data').toEqual(before);
          expect(uncaught, 'errors escaped the handlers (in Lambda: a crashed invocation)').toEqual([]);
        }),
      900_000,
    );
  }
}
