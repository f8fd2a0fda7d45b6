/**
 * fast-check generators of hostile requests: malformed JSON, wrong types, huge strings,
 * unicode (lone surrogates, RTL overrides, combining marks, astral characters), negative and
 * fractional money, path traversal, oversized bodies, missing and extra fields, bad query
 * parameters and forged cursors.
 *
 * Bodies for routes that write are built as "a valid body plus at least one fatal defect", so a
 * generated request can never be valid by chance: a 2xx from a writing route is a finding.
 */
import fc from 'fast-check';
import type { CellRequest } from './authorization-matrix.js';

/** Marks a field to be removed from the body (a missing required field). */
export const DELETE = Symbol('delete');
export type Defect = fc.Arbitrary<unknown>;

const b64url = (text: string) => Buffer.from(text).toString('base64url');

/** Big strings are made once: generating megabytes per run would be the test's whole budget. */
const HUGE = ['x'.repeat(5_000), 'é'.repeat(70_000), '𝕏'.repeat(300_000), `${'../'.repeat(2_000)}etc/passwd`, 'A'.repeat(1_100_000)];
/** 7 MB: above what a Lambda accepts (6 MB); handlers still answer 4xx. */
export const OVERSIZED = 'Z'.repeat(7 * 1024 * 1024);

const NASTY = [
  '',
  ' ',
  '\t\n',
  '../',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '..%2F..%2Fetc%2Fpasswd',
  '....//....//',
  '/etc/passwd',
  'uploads/../documents/x.pdf',
  'documents/../../secret',
  'C:\\boot.ini',
  '\u0000',
  'a\u0000b',
  '%00',
  '%',
  'STUDENT#admin',
  'PROFILE',
  'COURSE#x',
  'DOC#x',
  '#',
  '##',
  'PAYMENTS',
  'AUDIT#2026-01-01',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1",
  "'; DROP TABLE students; --",
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  'true',
  '[]',
  '{}',
  '\ud800',
  '\udfff',
  'a\ud83d',
  '\ufeff',
  '\u202eevil',
  'Ω≈ç√∫',
  '𝕏𝕐ℤ',
  'ﷺ',
  '\u0301\u0301\u0301',
  'ｆｕｌｌｗｉｄｔｈ',
  'İstanbul',
  'ß',
  '\u2028\u2029',
  'e\u0301',
  '🧑‍⚕️',
  'ǅ',
  'ﬀ',
  '\r\n\r\n',
  'line\nbreak',
  'tab\there',
  '-',
  '.',
  '..',
  '...',
  '~',
  '*',
  '?',
  'a/b',
  'a\\b',
  'x'.repeat(129),
  'x'.repeat(257),
  'x'.repeat(2_049),
];

/** Any string a hostile client might send, from tiny to huge. */
export const junkString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE) },
);

/** A value of any JSON type but a string. */
export const notString: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** Anything: a string or any other JSON value. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(junkString, notString);

/** Strings that trim to nothing. */
export const blank = fc.constantFrom('', ' ', '   ', '\t', '\n', '\u00a0', '\u2003', '\ufeff', ' \r\n ');

/** Longer than `max` characters (after trimming). */
export const tooLong = (max: number) =>
  fc.oneof(fc.constantFrom('a'.repeat(max + 1), 'é'.repeat(max + 1), `${'z'.repeat(max)}zz`), fc.constantFrom(...HUGE.filter((h) => h.length > max)));

/** Not one of `allowed` (case, spacing, other words, other types). */
export const notOneOf = (allowed: readonly string[]) =>
  fc.oneof(
    junkString.filter((s) => !allowed.includes(s)),
    fc.constantFrom(...allowed.flatMap((v) => [v.toUpperCase(), ` ${v}`, `${v} `, `${v}s`, v.slice(0, -1)])).filter((s) => !allowed.includes(s)),
    notString,
  );

/** Not a boolean (booleans as strings, numbers, null...). */
export const notBoolean = fc.oneof(fc.constantFrom('true', 'false', 'yes', 1, 0, null, [], {}, 'TRUE'), junkString);

/** Well-formed amounts too big to be real (beyond what a number holds exactly in cents, or at all). */
export const hugeMoney: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('9'.repeat(400), '99999999999999999999', '90071992547409.93', '10000000000000000.00', 9007199254740993, 1e20, '1000000000'),
  fc.bigInt({ min: 10n ** 9n, max: 10n ** 30n }).map((n) => `${n}.${String(n % 100n).padStart(2, '0')}`),
);

/** Money no API accepts anywhere: more than two decimals, not a number, wrong types, absurd sizes. */
export const badMoney: fc.Arbitrary<unknown> = fc.oneof(
  hugeMoney,
  fc.tuple(fc.nat(99_999), fc.integer({ min: 1, max: 999 })).map(([w, f]) => `${w}.${String(f).padStart(3, '0')}`),
  // finite only: JSON has no NaN or Infinity, so JSON.stringify would send them as null (a valid "no price")
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !/^-?\d+(\.\d{1,2})?$/.test(String(d))),
  fc.constantFrom(
    '10.005',
    '0.001',
    '1e3',
    '1E2',
    '1e21',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x10',
    '0b11',
    '10.',
    '.5',
    '',
    ' ',
    '١٠',
    '10,00',
    '$10',
    '10 USD',
    '1.2.3',
    '+5',
    '--5',
    '5-',
    '10\u0000',
    '１０',
    '9'.repeat(400),
    `1.${'0'.repeat(300)}1`,
    true,
    false,
    null,
    [],
    {},
    [10],
    { amount: 10 },
  ),
);

/** Negative money, well formed (so only the sign is wrong). */
export const negativeMoney: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -10_000_000, max: -1 }),
  fc
    .tuple(fc.nat(99_999), fc.nat(99))
    .map(([w, c]) => `-${w}.${String(c).padStart(2, '0')}`)
    .filter((s) => s !== '-0.00'),
  fc.constantFrom(-0.01, '-0.01', -1500, '-1500.00'),
);

/** Cursors this API never returned: junk, base64 of junk, keys of other partitions, wrong shapes. */
export const badCursor: fc.Arbitrary<string> = fc.oneof(
  junkString,
  fc.jsonValue({ maxDepth: 2 }).map((v) => b64url(JSON.stringify(v))),
  fc.dictionary(fc.constantFrom('pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'x', '__proto__'), junkString, { maxKeys: 5 }).map((o) => b64url(JSON.stringify(o))),
  fc
    .record({
      pk: fc.constantFrom('STUDENT#someone-else', 'STUDENT#admin', 'DOC#x', 'AUDIT#2026-01-01', 'x'),
      sk: fc.constantFrom('PROFILE', 'PAYMENT#2026-01-01T00:00:00.000Z#pi_x', 'DOC', 'z'.repeat(1_100)),
      gsi2pk: fc.constantFrom('PAYMENTS', 'DOCS', 'STUDENTS#certificate', ''),
      gsi2sk: fc.string({ maxLength: 20 }),
    })
    .map((o) => b64url(JSON.stringify(o))),
  fc.constantFrom('%%%', '====', 'eyJ', b64url('null'), b64url('[]'), b64url('{"pk":1}'), b64url('{"pk":{"S":"x"}}'), b64url('{"__proto__":{"pk":"x"}}'), b64url('"string"')),
);

/** Query parameters: the route's own names with junk values, unknown names, and forged cursors. */
export const hostileQuery = (names: readonly string[]) =>
  fc.dictionary(
    fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...names, 'cursor', 'limit') }, { weight: 1, arbitrary: junkString.filter((s) => s.length < 50) }),
    fc.oneof(
      { weight: 4, arbitrary: junkString },
      { weight: 2, arbitrary: badCursor },
      { weight: 1, arbitrary: fc.constantFrom('-1', '0', '1e9', '1.5', 'NaN', '201', '999999999999', '1', '50', 'true', 'false', 'certificate', 'succeeded', 'general') },
      // well-formed dates in any order (from after to), and impossible ones
      { weight: 2, arbitrary: fc.constantFrom('2026-01-01', '2025-12-31', '2030-06-15', '1999-01-01', '9999-99-99', '0000-00-00', '2026-02-30') },
    ),
    { maxKeys: 5 },
  );

/** A path parameter: junk, traversal, empty, missing altogether (undefined), or one of `known`. */
export const hostileParam = (known: readonly string[] = []) =>
  fc.oneof(
    { weight: 6, arbitrary: junkString },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.uuid() },
    ...(known.length ? [{ weight: 6, arbitrary: fc.constantFrom(...known) }] : []),
  );

/** Text that is not JSON. */
const notJson = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }).filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  }),
  fc.constantFrom('{', '}', '[', '{"a":1,}', "{'a':1}", 'undefined', 'NaN', '{"a":', '\u0000', '\ufeff{}', '{"__proto__":{', '<xml/>', 'a=1&b=2'),
);

export interface BodyOptions {
  /** A valid body; every generated body is this with at least one defect, or not JSON, or not an object. */
  base: fc.Arbitrary<Record<string, unknown>>;
  /** Fatal values per field (DELETE: leave the required field out). */
  defects: Record<string, Defect>;
  /** When false, an empty body is valid for the route (it is then never generated). */
  emptyIsInvalid?: boolean;
}

export type BodyPart = Pick<CellRequest, 'rawBody' | 'isBase64Encoded' | 'headers'>;

const withDefects = ({ base, defects }: BodyOptions): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .record({
      base,
      fields: fc.uniqueArray(fc.constantFrom(...Object.keys(defects)), { minLength: 1, maxLength: 3 }),
      extra: fc.option(
        fc.dictionary(
          junkString.filter((k) => k.length < 40),
          fc.jsonValue({ maxDepth: 1 }),
          { maxKeys: 3 },
        ),
        { nil: undefined },
      ),
    })
    .chain(({ base: valid, fields, extra }) =>
      fc.tuple(...fields.map((f) => defects[f]!)).map((values) => {
        const body: Record<string, unknown> = { ...extra, ...valid };
        fields.forEach((field, i) => {
          if (values[i] === DELETE) delete body[field];
          else body[field] = values[i];
        });
        return body;
      }),
    );

/** Hostile bodies for a JSON route. */
export function hostileJsonBody(opts: BodyOptions): fc.Arbitrary<BodyPart> {
  const json = (text: string): BodyPart => ({ rawBody: text, headers: { 'content-type': 'application/json' } });
  return fc.oneof(
    { weight: 10, arbitrary: withDefects(opts).map((b) => json(JSON.stringify(b))) },
    { weight: 2, arbitrary: notJson.map(json) },
    {
      weight: 1,
      arbitrary: opts.base.chain((b) => {
        const t = JSON.stringify(b);
        return fc.integer({ min: 1, max: t.length - 1 }).map((n) => json(t.slice(0, n)));
      }),
    },
    {
      weight: 2,
      arbitrary: fc.oneof(fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }), fc.integer(), junkString, fc.constant(null), fc.boolean()).map((v) => json(JSON.stringify(v))),
    },
    // the same defects, base64-encoded as API Gateway sends binary bodies, under odd content types
    {
      weight: 1,
      arbitrary: fc
        .tuple(withDefects(opts), fc.constantFrom('application/json', 'text/plain', 'application/octet-stream', 'application/x-www-form-urlencoded', ''))
        .map(([b, type]) => ({ rawBody: Buffer.from(JSON.stringify(b)).toString('base64'), isBase64Encoded: true, headers: { 'content-type': type } })),
    },
    { weight: 1, arbitrary: fc.constantFrom(OVERSIZED).map(json) },
    ...(opts.emptyIsInvalid === false ? [] : [{ weight: 1, arbitrary: fc.constantFrom<BodyPart>({}, json(''), json('   ')) }]),
  );
}

/** For routes that read no body: junk bodies of every kind, which must change nothing. */
export const junkBody: fc.Arbitrary<BodyPart> = fc.oneof(
  fc.constant<BodyPart>({}),
  fc
    .oneof(
      notJson,
      fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
    )
    .map((rawBody) => ({ rawBody, headers: { 'content-type': 'application/json' } })),
);

export interface FormPart {
  name: string;
  value?: string;
  file?: { fileName: string; bytes: Uint8Array; type?: string };
}

/** A multipart/form-data body written by hand (so it can also be broken on purpose), base64 as API Gateway passes it. */
export function multipartRequest(parts: FormPart[], opts: { boundary?: string; headerBoundary?: string | null; truncateAt?: number } = {}): CellRequest {
  const boundary = opts.boundary ?? 'hostileBoundary7MA4YWxkTrZu0gW';
  const escape = (s: string) => s.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${escape(part.name)}"`));
    if (part.file) {
      chunks.push(Buffer.from(`; filename="${escape(part.file.fileName)}"\r\nContent-Type: ${part.file.type ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(Buffer.from(part.file.bytes));
    } else {
      chunks.push(Buffer.from(`\r\n\r\n${part.value ?? ''}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let body = Buffer.concat(chunks);
  if (opts.truncateAt !== undefined) body = body.subarray(0, Math.min(opts.truncateAt, body.length - 1));
  const headerBoundary = opts.headerBoundary === undefined ? boundary : opts.headerBoundary;
  return {
    headers: { 'content-type': headerBoundary === null ? 'multipart/form-data' : `multipart/form-data; boundary=${headerBoundary}` },
    rawBody: body.toString('base64'),
    isBase64Encoded: true,
  };
}
