/**
 * Checks an S3 request's Signature Version 4 as S3 does, for the proxy in s3-proxy.ts: s3rver
 * computes no V4 signature (node_modules/s3rver/lib/middleware/authentication.js), it only looks the
 * access key id up. The signature is recomputed with the SDK's own signer (@smithy/signature-v4, as
 * @aws-sdk/s3-request-presigner and lambdas/store/s3-objects.ts configure it: service s3, no second
 * path encoding, no added checksum) over the request as received, and compared in constant time.
 *
 * S3's documents this follows:
 *   - presigned: https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
 *     (the six X-Amz-* parameters, payload UNSIGNED-PAYLOAD, X-Amz-Expires at most 604800 seconds);
 *   - Authorization header: https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-auth-using-authorization-header.html
 *     and https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-authentication-methods.html;
 *   - codes and statuses: https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html#ErrorCodeList.
 *     S3 answers AuthorizationQueryParametersError with 403 (what Ceph's s3-tests expect of it,
 *     https://github.com/noobaa/noobaa-core/issues/8857) and an expired URL with 403 AccessDenied
 *     "Request has expired".
 * Pure: no I/O; "now" and the key pairs come from the caller.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';

/** S3's limit on X-Amz-Expires: seven days. */
export const MAX_PRESIGNED_SECONDS = 604_800;
/** How far a header-signed request's x-amz-date may be from S3's clock (RequestTimeTooSkewed). */
const MAX_SKEW_MS = 15 * 60_000;
const ALGORITHM = 'AWS4-HMAC-SHA256';
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const SHA256_HEADER = 'x-amz-content-sha256';
const QUERY_AUTH = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature'];

export interface S3Refusal {
  ok: false;
  status: number;
  code: string;
  message: string;
}

/** A query as S3 reads it: decoded names and values, a repeated name keeping all its values. */
export type S3Query = Record<string, string | string[]>;

export interface S3Verified {
  ok: true;
  accessKeyId: string;
  /** The path as received (still percent-encoded), which is what was signed. */
  path: string;
  /** The query as verified, authentication parameters included (what s3rver should be sent). */
  query: S3Query;
  /** Lower-case names of the headers the signature covers. */
  signedHeaders: string[];
  /** Header-signed requests: the x-amz-content-sha256 the body must match when it is a hash (verifyPayload). */
  payloadHash: string | null;
}

export interface ReceivedRequest {
  method: string;
  /** The request target as received: path and query, percent-encoded as the client sent them. */
  target: string;
  /** Node's IncomingMessage.headers: lower-case names. */
  headers: Record<string, string | string[] | undefined>;
}

export interface VerifyOptions {
  /** The region the bucket is in; a signature scoped to another one is refused as S3 does. */
  region: string;
  /** The secret of an access key id, or undefined when the key is unknown. */
  secretFor(accessKeyId: string): string | undefined;
  now?: Date;
}

const refuse = (status: number, code: string, message: string): S3Refusal => ({ ok: false, status, code, message });
const accessDenied = (message = 'Access Denied') => refuse(403, 'AccessDenied', message);
const queryError = (message: string) => refuse(403, 'AuthorizationQueryParametersError', message);
const headerMalformed = (message: string) => refuse(400, 'AuthorizationHeaderMalformed', message);
const signatureMismatch = () =>
  refuse(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
const unknownKey = () => refuse(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');

/** Splits the raw query at & and the first =; a name without = has the empty value (`?uploads`). */
function parseQuery(raw: string): Array<[string, string]> | null {
  const pairs: Array<[string, string]> = [];
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    try {
      // a '+' stays a '+' (SigV4 encodes a space as %20), as the SDK's parseQueryString reads it
      pairs.push(eq < 0 ? [decodeURIComponent(part), ''] : [decodeURIComponent(part.slice(0, eq)), decodeURIComponent(part.slice(eq + 1))]);
    } catch {
      return null;
    }
  }
  return pairs;
}

function toQuery(pairs: Array<[string, string]>): S3Query {
  const query: S3Query = {};
  for (const [name, value] of pairs) {
    const seen = query[name];
    query[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return query;
}

const header = (headers: ReceivedRequest['headers'], name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** `yyyyMMdd'T'HHmmss'Z'`, or null. */
function parseAmzDate(value: string | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!m) return null;
  const date = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
  // reject what Date.UTC would roll over (month 13, second 60)
  return date.toISOString().replace(/[-:]|\.\d{3}/g, '') === value ? date : null;
}

interface Scope {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
}

function parseCredential(value: string): Scope | null {
  const m = /^([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request$/.exec(value);
  return m ? { accessKeyId: m[1], date: m[2], region: m[3], service: m[4] } : null;
}

/** Why a scope does not fit this bucket and this request time, or null when it does. */
function scopeProblem(scope: Scope, amzDate: string, region: string): string | null {
  if (scope.date !== amzDate.slice(0, 8)) return 'Invalid credential date. Date is not the same as X-Amz-Date.';
  if (scope.region !== region) return `Error parsing the X-Amz-Credential parameter; the region '${scope.region}' is wrong; expecting '${region}'`;
  if (scope.service !== 's3') return `Error parsing the X-Amz-Credential parameter; incorrect service '${scope.service}'. This endpoint belongs to 's3'.`;
  return null;
}

/** Equal strings, in time that does not depend on where they differ. */
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** The headers the signature names, as received; null when one is missing. */
function signedHeaderValues(req: ReceivedRequest, names: string[]): Record<string, string> | null {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = header(req.headers, name);
    if (value === undefined) return null;
    values[name] = value;
  }
  return values;
}

/** S3 refuses x-amz-* headers the signature does not cover. */
function unsignedAmzHeader(req: ReceivedRequest, signed: string[]): S3Refusal | null {
  const unsigned = Object.keys(req.headers).filter((name) => name.startsWith('x-amz-') && !signed.includes(name));
  return unsigned.length ? accessDenied(`There were headers present in the request which were not signed: ${unsigned.join(', ')}`) : null;
}

const signerFor = (scope: Scope, secretAccessKey: string) =>
  new SignatureV4({
    service: 's3',
    region: scope.region,
    credentials: { accessKeyId: scope.accessKeyId, secretAccessKey },
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });

/** Verifies a request's SigV4 (presigned query or Authorization header); nothing else about it. */
export async function verifySignature(req: ReceivedRequest, opts: VerifyOptions): Promise<S3Verified | S3Refusal> {
  const q = req.target.indexOf('?');
  const path = q < 0 ? req.target : req.target.slice(0, q);
  const pairs = parseQuery(q < 0 ? '' : req.target.slice(q + 1));
  if (!pairs) return refuse(400, 'InvalidURI', "Couldn't parse the specified URI.");
  const names = pairs.map(([name]) => name);
  const authorization = header(req.headers, 'authorization');
  const byQuery = names.some((name) => QUERY_AUTH.includes(name));
  if (authorization !== undefined && byQuery) {
    return refuse(
      400,
      'InvalidArgument',
      'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, ' + 'Signature query string parameter or the Authorization header should be specified',
    );
  }
  if (names.includes('Signature') || names.includes('AWSAccessKeyId') || /^AWS /.test(authorization ?? '')) {
    return refuse(400, 'InvalidRequest', 'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.');
  }
  const now = opts.now ?? new Date();
  if (byQuery) return verifyQuery(req, path, pairs, opts, now);
  if (authorization !== undefined) return verifyHeader(req, path, pairs, authorization, opts, now);
  return accessDenied();
}

async function verifyQuery(req: ReceivedRequest, path: string, pairs: Array<[string, string]>, opts: VerifyOptions, now: Date): Promise<S3Verified | S3Refusal> {
  const auth: Record<string, string> = {};
  for (const name of QUERY_AUTH) {
    const values = pairs.filter(([n]) => n.toLowerCase() === name.toLowerCase());
    if (values.length > 1) return queryError(`${name} was given more than once`);
    if (values.length === 0 || values[0][0] !== name) {
      return queryError(
        'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, ' +
          'X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
      );
    }
    auth[name] = values[0][1];
  }
  if (auth['X-Amz-Algorithm'] !== ALGORITHM) return queryError(`X-Amz-Algorithm only supports "${ALGORITHM}"`);
  const scope = parseCredential(auth['X-Amz-Credential']);
  if (!scope) {
    return queryError('Error parsing the X-Amz-Credential parameter; the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".');
  }
  const signedAt = parseAmzDate(auth['X-Amz-Date']);
  if (!signedAt) return queryError("X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"");
  if (!/^\d{1,9}$/.test(auth['X-Amz-Expires'])) return queryError('X-Amz-Expires should be a number');
  const expiresIn = Number(auth['X-Amz-Expires']);
  if (expiresIn > MAX_PRESIGNED_SECONDS) {
    return queryError('X-Amz-Expires must be less than a week (in seconds); that is, the given X-Amz-Expires must be less than 604800 seconds');
  }
  const problem = scopeProblem(scope, auth['X-Amz-Date'], opts.region);
  if (problem) return queryError(problem);
  const secret = opts.secretFor(scope.accessKeyId);
  if (secret === undefined) return unknownKey();
  if (now.getTime() > signedAt.getTime() + expiresIn * 1000) return accessDenied('Request has expired');

  const signedHeaders = auth['X-Amz-SignedHeaders'].split(';');
  if (!signedHeaders.includes('host')) return queryError('X-Amz-SignedHeaders must include host');
  const headers = signedHeaderValues(req, signedHeaders);
  if (!headers) return signatureMismatch();
  const unsigned = unsignedAmzHeader(req, signedHeaders);
  if (unsigned) return unsigned;
  // the presigner's payload hash: an unsigned, unhoisted header, as it sets one before presigning
  const payloadHeader: Record<string, string> = SHA256_HEADER in headers ? {} : { [SHA256_HEADER]: UNSIGNED_PAYLOAD };
  // presign() adds the other five authentication parameters itself, from these values
  const rest = toQuery(pairs.filter(([name]) => !QUERY_AUTH.includes(name)));
  const presigned = await signerFor(scope, secret).presign(
    new HttpRequest({ method: req.method, hostname: headers.host, path, query: rest, headers: { ...headers, ...payloadHeader } }),
    {
      signingDate: signedAt,
      expiresIn,
      signingRegion: scope.region,
      signingService: scope.service,
      signableHeaders: new Set(signedHeaders),
      unsignableHeaders: new Set(Object.keys(payloadHeader)),
      unhoistableHeaders: new Set([...signedHeaders, ...Object.keys(payloadHeader)]),
    },
  );
  // what the signer derived must be what was sent (a SignedHeaders out of order, say, is not)
  const received = toQuery(pairs);
  const derived = presigned.query as S3Query;
  const sameQuery =
    Object.keys(received).length === Object.keys(derived).length &&
    Object.entries(received).every(([name, value]) => name === 'X-Amz-Signature' || JSON.stringify(derived[name]) === JSON.stringify(value));
  if (!sameQuery || !sameSecret(String(derived['X-Amz-Signature']), auth['X-Amz-Signature'])) return signatureMismatch();
  return { ok: true, accessKeyId: scope.accessKeyId, path, query: received, signedHeaders, payloadHash: null };
}

async function verifyHeader(
  req: ReceivedRequest,
  path: string,
  pairs: Array<[string, string]>,
  authorization: string,
  opts: VerifyOptions,
  now: Date,
): Promise<S3Verified | S3Refusal> {
  const m = /^AWS4-HMAC-SHA256 (.+)$/.exec(authorization);
  if (!m) return refuse(400, 'InvalidArgument', 'Unsupported Authorization Type');
  const parts = new Map(
    m[1].split(',').map((part) => {
      const eq = part.indexOf('=');
      return [part.slice(0, eq).trim(), part.slice(eq + 1).trim()] as const;
    }),
  );
  const [credential, signedList, signature] = ['Credential', 'SignedHeaders', 'Signature'].map((name) => parts.get(name));
  if (parts.size !== 3 || !credential || !signedList || !signature) {
    return headerMalformed('The authorization header is malformed; the authorization header requires three components: Credential, SignedHeaders, and Signature.');
  }
  const scope = parseCredential(credential);
  if (!scope) return headerMalformed('The authorization header is malformed; the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".');
  const amzDate = header(req.headers, 'x-amz-date');
  const signedAt = parseAmzDate(amzDate);
  // a date was read only from a header that is there
  if (!signedAt || amzDate === undefined) return accessDenied('AWS authentication requires a valid Date or x-amz-date header');
  const payloadHash = header(req.headers, SHA256_HEADER);
  if (payloadHash === undefined) return refuse(400, 'InvalidRequest', `Missing required header for this request: ${SHA256_HEADER}`);
  if (payloadHash.startsWith('STREAMING-')) return refuse(501, 'NotImplemented', 'A header you provided implies functionality that is not implemented');
  if (payloadHash !== UNSIGNED_PAYLOAD && !/^[0-9a-f]{64}$/i.test(payloadHash)) {
    return refuse(400, 'InvalidArgument', `${SHA256_HEADER} must be UNSIGNED-PAYLOAD, STREAMING-AWS4-HMAC-SHA256-PAYLOAD, or a valid sha256 value.`);
  }
  const problem = scopeProblem(scope, amzDate, opts.region);
  if (problem) return headerMalformed(problem.replace('the X-Amz-Credential parameter', 'the authorization header'));
  if (Math.abs(now.getTime() - signedAt.getTime()) > MAX_SKEW_MS) {
    return refuse(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
  }
  const secret = opts.secretFor(scope.accessKeyId);
  if (secret === undefined) return unknownKey();

  const signedHeaders = signedList.split(';');
  if (!signedHeaders.includes('host')) return headerMalformed('The authorization header is malformed; SignedHeaders must include host');
  const headers = signedHeaderValues(req, signedHeaders);
  if (!headers) return signatureMismatch();
  const unsigned = unsignedAmzHeader(req, signedHeaders);
  if (unsigned) return unsigned;
  // sign() sets x-amz-date from signingDate and reads the payload hash from its header: both are
  // part of the canonical request only when the client signed them
  const unsignable = [SHA256_HEADER, 'x-amz-date'].filter((name) => !signedHeaders.includes(name));
  const signed = await signerFor(scope, secret).sign(
    new HttpRequest({ method: req.method, hostname: headers.host, path, query: toQuery(pairs), headers: { ...headers, [SHA256_HEADER]: payloadHash } }),
    { signingDate: signedAt, signingRegion: scope.region, signingService: scope.service, signableHeaders: new Set(signedHeaders), unsignableHeaders: new Set(unsignable) },
  );
  const derived = /SignedHeaders=([^,]+), Signature=([0-9a-f]+)$/.exec(String(signed.headers.authorization));
  if (!derived || derived[1] !== signedList || !sameSecret(derived[2], signature)) return signatureMismatch();
  return { ok: true, accessKeyId: scope.accessKeyId, path, query: toQuery(pairs), signedHeaders, payloadHash: payloadHash === UNSIGNED_PAYLOAD ? null : payloadHash };
}

/** A header-signed body against its signed SHA-256 (S3's XAmzContentSHA256Mismatch), or null when it matches. */
export function verifyPayload(payloadHash: string, body: Uint8Array): S3Refusal | null {
  const actual = createHash('sha256').update(body).digest('hex');
  return actual === payloadHash.toLowerCase() ? null : refuse(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
}
