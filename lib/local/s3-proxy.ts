/**
 * The document bucket on the gateway's own origin, at /local/s3/<bucket>/<key>: presigned URLs
 * (S3_PUBLIC_ENDPOINT) point here, so previews, downloads and presigned uploads stay same-origin
 * under the CSP's 'self', as they stay on S3 in the cloud. s3rver computes no V4 signature, so this
 * mount checks each one as S3 would (s3-signature.ts) before passing the request on, and answers
 * refusals with S3's XML error document
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html#RESTErrorResponses).
 * Only the document bucket, and only GET, HEAD and PUT (the requests the API hands out, plus what
 * a holder of the local key pair may sign, such as a listing).
 *
 * Being on the portal's origin, an object must never run there: every answer carries
 * `Content-Security-Policy: sandbox` (a unique origin, no scripts) and `nosniff`. A GET's type and
 * disposition are the signed `response-content-type` / `response-content-disposition`, which s3rver
 * applies (node_modules/s3rver/lib/middleware/response-header-override.js).
 */
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { buildQueryString } from '@smithy/core/protocols';
import type { LocalCredentials } from './local-credentials.js';
import { verifyPayload, verifySignature, type S3Refusal } from './s3-signature.js';

export const S3_PROXY_PREFIX = '/local/s3';

/** Request headers an S3 GET or PUT needs besides the signed ones; everything else (cookies) stays here. */
const FORWARDED = ['content-type', 'content-length', 'content-md5', 'range', 'if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since'];
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);
/** Objects from this origin are inert: no scripts, no plugins, an opaque origin; no type sniffing. */
export const INERT_HEADERS = { 'content-security-policy': 'sandbox', 'x-content-type-options': 'nosniff' } as const;
/**
 * A header-signed body is held until its hash is checked. Documents are at most 25 MB
 * (MAX_UPLOAD_BYTES); S3's own limit for one PUT is 5 GB, well past what a local stack should buffer.
 */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

const xml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function sendError(res: ServerResponse, refusal: Omit<S3Refusal, 'ok'>): true {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  const body =
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${refusal.code}</Code><Message>${xml(refusal.message)}</Message>` + `<RequestId>${requestId}</RequestId></Error>`;
  res.writeHead(refusal.status, { 'content-type': 'application/xml', 'x-amz-request-id': requestId, ...INERT_HEADERS });
  res.end(body);
  return true;
}

/** The body, or null when it is longer than `limit` (read to its end either way, so an answer can follow). */
function readAtMost(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Whether a path has a `.` or `..` segment, percent-encoded or not (or one that does not decode). */
function hasDotSegment(path: string): boolean {
  return path.split('/').some((segment) => {
    try {
      return /^\.\.?$/.test(decodeURIComponent(segment));
    } catch {
      return true;
    }
  });
}

export function createS3Proxy(opts: { target: string; bucket: string; region: string; credentials: LocalCredentials; now?: () => Date }) {
  const target = new URL(opts.target);
  const secretFor = (accessKeyId: string) => (accessKeyId === opts.credentials.accessKeyId ? opts.credentials.secretAccessKey : undefined);
  return async function mount(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (!url.pathname.startsWith(`${S3_PROXY_PREFIX}/`)) return false;
    // a refused request's body is read and dropped, so the connection can serve the next one
    const refuse = (refusal: Omit<S3Refusal, 'ok'>) => {
      req.resume();
      return sendError(res, refusal);
    };
    // signatures cover the target as sent, not as URL parsing normalises it
    const raw = req.url ?? '';
    const rawPath = raw.split('?')[0];
    if (!rawPath.startsWith(`${S3_PROXY_PREFIX}/`)) return refuse({ status: 400, code: 'InvalidURI', message: "Couldn't parse the specified URI." });
    const s3Path = rawPath.slice(S3_PROXY_PREFIX.length);
    const method = req.method ?? '';
    if (!['GET', 'HEAD', 'PUT'].includes(method)) {
      return refuse({ status: 405, code: 'MethodNotAllowed', message: 'The specified method is not allowed against this resource.' });
    }
    if (s3Path !== `/${opts.bucket}` && !s3Path.startsWith(`/${opts.bucket}/`)) {
      return refuse({ status: 404, code: 'NoSuchBucket', message: 'The specified bucket does not exist' });
    }
    // s3rver keeps objects as files named by their keys: no dot segments reach it, signed or not
    // (S3 itself would take them as plain key characters)
    if (hasDotSegment(s3Path)) {
      return refuse({ status: 400, code: 'InvalidURI', message: "Couldn't parse the specified URI." });
    }

    const verified = await verifySignature({ method, target: raw, headers: req.headers }, { region: opts.region, secretFor, now: opts.now?.() });
    if (!verified.ok) return refuse(verified);
    let body: Buffer | null = null;
    if (verified.payloadHash) {
      body = await readAtMost(req, MAX_BUFFERED_BYTES);
      if (!body) return sendError(res, { status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed object size.' });
      const mismatch = verifyPayload(verified.payloadHash, body);
      if (mismatch) return sendError(res, mismatch);
    }

    // what was verified, and only that: the signed headers, the S3 request headers, the query as checked
    const headers: Record<string, string | string[]> = {};
    for (const name of [...FORWARDED, ...verified.signedHeaders, 'authorization', 'x-amz-date', 'x-amz-content-sha256']) {
      const value = req.headers[name];
      if (value !== undefined) headers[name] = value;
    }
    headers.host = target.host;
    const query = buildQueryString(verified.query);
    await new Promise<void>((resolve) => {
      const upstream = http.request(
        {
          hostname: target.hostname,
          port: target.port,
          method,
          path: `${s3Path}${query ? `?${query}` : ''}`,
          headers,
        },
        (answer) => {
          const out: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
          res.writeHead(answer.statusCode ?? 502, { ...out, ...INERT_HEADERS });
          answer.pipe(res);
          answer.on('end', resolve);
          answer.on('error', () => {
            res.destroy();
            resolve();
          });
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) sendError(res, { status: 503, code: 'ServiceUnavailable', message: 'The local S3 stand-in did not answer' });
        else res.destroy();
        resolve();
      });
      if (body) upstream.end(body);
      else req.pipe(upstream);
    });
    return true;
  };
}
