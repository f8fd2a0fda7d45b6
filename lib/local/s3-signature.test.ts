import { createHash } from 'node:crypto';
import { formatUrl } from '@aws-sdk/core/util';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../lambdas/domain/content-disposition.js';
import { objectRequest, type ObjectRequestInit } from '../../lambdas/store/s3-objects.js';
import { MAX_PRESIGNED_SECONDS, verifyPayload, verifySignature, type ReceivedRequest } from './s3-signature.js';

const credentials = { accessKeyId: 'AKIAABCDEFGHIJKLMNOP', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY1' };
const region = 'us-east-1';
const secretFor = (id: string) => (id === credentials.accessKeyId ? credentials.secretAccessKey : undefined);
// what handlers presign against: the gateway's origin with the /local/s3 prefix, path-style
const publicBucket = { bucket: 'portal-local-documents', region, endpoint: 'http://localhost:3000/local/s3', forcePathStyle: true };
const KEY = 'documents/3f2a/Lab results (final).pdf';

/** A URL exactly as lambdas/store/s3-objects.ts's S3Presigner makes it. */
async function presign(init: ObjectRequestInit, opts: { expiresIn?: number; signableHeaders?: Set<string>; signingDate?: Date; secret?: string } = {}) {
  const presigner = new S3RequestPresigner({ credentials: { ...credentials, secretAccessKey: opts.secret ?? credentials.secretAccessKey }, region, sha256: Sha256 });
  return formatUrl(
    await presigner.presign(objectRequest(publicBucket, KEY, init), {
      expiresIn: opts.expiresIn ?? 300,
      signableHeaders: opts.signableHeaders,
      signingDate: opts.signingDate,
    }),
  );
}

/** The request a browser following `url` sends. */
function follow(url: string, method = 'GET', headers: Record<string, string> = {}): ReceivedRequest {
  const origin = /^https?:\/\/[^/]+/.exec(url)![0];
  return { method, target: url.slice(origin.length), headers: { host: new URL(url).host, ...headers } };
}

const verify = (req: ReceivedRequest, now?: Date) => verifySignature(req, { region, secretFor, now });
const download = () =>
  presign({
    method: 'GET',
    query: { 'response-content-disposition': contentDisposition('Lab results "final" é.pdf', 'inline'), 'response-content-type': 'application/pdf' },
  });
const upload = () =>
  presign({ method: 'PUT', headers: { 'content-type': 'application/pdf', 'content-length': '1234' } }, { signableHeaders: new Set(['content-type', 'content-length']) });
const putHeaders = { 'content-type': 'application/pdf', 'content-length': '1234' };

describe('verifySignature: presigned URLs', () => {
  it('accepts a GET presigned by the SDK, with its response-* overrides', async () => {
    const result = await verify(follow(await download()));
    expect(result).toMatchObject({ ok: true, accessKeyId: credentials.accessKeyId, signedHeaders: ['host'] });
    if (result.ok) expect(result.query['response-content-type']).toBe('application/pdf');
  });

  it('accepts a PUT whose content type and length are signed, sent with exactly those', async () => {
    expect(await verify(follow(await upload(), 'PUT', putHeaders))).toMatchObject({ ok: true, signedHeaders: ['content-length', 'content-type', 'host'] });
  });

  it('refuses a tampered path, query, signed header or host', async () => {
    const get = await download();
    const mismatch = { ok: false, status: 403, code: 'SignatureDoesNotMatch' };
    expect(await verify(follow(get.replace('/portal-local-documents/documents/', '/portal-local-documents/other/')))).toMatchObject(mismatch);
    expect(await verify(follow(get.replace('response-content-type=application%2Fpdf', 'response-content-type=text%2Fhtml')))).toMatchObject(mismatch);
    expect(await verify(follow(`${get}&response-cache-control=no-store`))).toMatchObject(mismatch);
    expect(await verify(follow(get.replace('localhost:3000', '127.0.0.1:3000')))).toMatchObject(mismatch);
    const put = await upload();
    expect(await verify(follow(put, 'PUT', { ...putHeaders, 'content-type': 'text/html' }))).toMatchObject(mismatch);
    expect(await verify(follow(put, 'PUT', { ...putHeaders, 'content-length': '99999999' }))).toMatchObject(mismatch);
    expect(await verify(follow(put, 'PUT', { 'content-length': '1234' }))).toMatchObject(mismatch);
    expect(await verify(follow(put, 'GET', putHeaders))).toMatchObject(mismatch);
  });

  it('refuses a URL signed with another secret, or by an unknown key', async () => {
    expect(await verify(follow(await presign({ method: 'GET' }, { secret: 'S3RVER' })))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    const unknown = (await presign({ method: 'GET' })).replace(credentials.accessKeyId, 'S3RVER');
    expect(await verify(follow(unknown))).toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });
  });

  it('refuses an expired URL, and one that claims more than a week', async () => {
    const signingDate = new Date(Date.now() - 10 * 60_000);
    const expired = await presign({ method: 'GET' }, { signingDate, expiresIn: 300 });
    expect(await verify(follow(expired))).toMatchObject({ status: 403, code: 'AccessDenied', message: 'Request has expired' });
    // still valid as of a moment inside its window
    expect(await verify(follow(expired), new Date(signingDate.getTime() + 299_000))).toMatchObject({ ok: true });
    const week = await presign({ method: 'GET' }, { expiresIn: MAX_PRESIGNED_SECONDS });
    expect(await verify(follow(week))).toMatchObject({ ok: true });
    const tooLong = week.replace(`X-Amz-Expires=${MAX_PRESIGNED_SECONDS}`, `X-Amz-Expires=${MAX_PRESIGNED_SECONDS + 1}`);
    expect(await verify(follow(tooLong))).toMatchObject({ status: 403, code: 'AuthorizationQueryParametersError' });
  });

  it('refuses a request with no signature, a partial one, or one scoped to another region', async () => {
    const url = await download();
    expect(await verify(follow(url.split('?')[0]))).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(await verify(follow(url.replace(/&X-Amz-Signature=[0-9a-f]+/, '')))).toMatchObject({ status: 403, code: 'AuthorizationQueryParametersError' });
    expect(await verify(follow(url.replace('%2Fus-east-1%2F', '%2Feu-west-1%2F')))).toMatchObject({ status: 403, code: 'AuthorizationQueryParametersError' });
    expect(await verify(follow(`${url.split('?')[0]}?Signature=x&AWSAccessKeyId=${credentials.accessKeyId}&Expires=9999999999`))).toMatchObject({
      status: 400,
      code: 'InvalidRequest',
    });
  });

  it('refuses x-amz-* headers the signature does not cover', async () => {
    expect(await verify(follow(await download(), 'GET', { 'x-amz-copy-source': '/other/key' }))).toMatchObject({ status: 403, code: 'AccessDenied' });
  });
});

describe('verifySignature: Authorization header', () => {
  const body = new TextEncoder().encode('%PDF-1.4 hello');
  /** Signed as lambdas/store/s3-objects.ts's S3Objects signs (payload hash in x-amz-content-sha256). */
  async function signed(init: ObjectRequestInit, opts: { secret?: string; signingDate?: Date } = {}): Promise<ReceivedRequest> {
    const signer = new SignatureV4({
      service: 's3',
      region,
      sha256: Sha256,
      uriEscapePath: false,
      applyChecksum: true,
      credentials: { ...credentials, secretAccessKey: opts.secret ?? credentials.secretAccessKey },
    });
    const request = await signer.sign(objectRequest({ ...publicBucket, endpoint: 'http://127.0.0.1:3000/local/s3' }, KEY, init), { signingDate: opts.signingDate });
    const { path, query, headers } = request as HttpRequest;
    const search = Object.keys(query ?? {}).length ? `?${new URLSearchParams(query as Record<string, string>).toString().replace(/\+/g, '%20')}` : '';
    return { method: init.method, target: `${path}${search}`, headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])) };
  }

  it('accepts a PUT signed by SignatureV4 and checks its body against the signed hash', async () => {
    const result = await verify(await signed({ method: 'PUT', headers: { 'content-type': 'application/pdf' }, body }));
    expect(result).toMatchObject({ ok: true, payloadHash: createHash('sha256').update(body).digest('hex') });
    if (!result.ok) return;
    expect(verifyPayload(result.payloadHash!, body)).toBeNull();
    expect(verifyPayload(result.payloadHash!, new TextEncoder().encode('<script>alert(1)</script>'))).toMatchObject({ status: 400, code: 'XAmzContentSHA256Mismatch' });
  });

  it('accepts a signed listing (GET on the bucket)', async () => {
    const request = new HttpRequest({
      method: 'GET',
      protocol: 'http:',
      hostname: '127.0.0.1',
      port: 3000,
      path: '/local/s3/portal-local-documents',
      query: { 'list-type': '2', prefix: 'documents/' },
      headers: { host: '127.0.0.1:3000' },
    });
    const signer = new SignatureV4({ service: 's3', region, credentials, sha256: Sha256, uriEscapePath: false });
    const { headers } = await signer.sign(request);
    const target = '/local/s3/portal-local-documents?list-type=2&prefix=documents%2F';
    // the empty body's hash: the proxy checks a GET's (empty) body against it too
    expect(await verify({ method: 'GET', target, headers })).toMatchObject({ ok: true, payloadHash: createHash('sha256').digest('hex') });
    expect(await verify({ method: 'GET', target: target.replace('documents%2F', 'private%2F'), headers })).toMatchObject({ code: 'SignatureDoesNotMatch' });
  });

  it('refuses another secret, a tampered header, a skewed clock', async () => {
    expect(await verify(await signed({ method: 'GET' }, { secret: 'S3RVER' }))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    const put = await signed({ method: 'PUT', headers: { 'content-type': 'application/pdf' }, body });
    expect(await verify({ ...put, headers: { ...put.headers, 'content-type': 'text/html' } })).toMatchObject({ code: 'SignatureDoesNotMatch' });
    expect(await verify({ ...put, method: 'GET' })).toMatchObject({ code: 'SignatureDoesNotMatch' });
    const old = await signed({ method: 'GET' }, { signingDate: new Date(Date.now() - 20 * 60_000) });
    expect(await verify(old)).toMatchObject({ status: 403, code: 'RequestTimeTooSkewed' });
  });
});
