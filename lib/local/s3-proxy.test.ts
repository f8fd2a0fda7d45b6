/**
 * The S3 proxy in front of a real s3rver (its own process, on a free port, with this directory's
 * key pair): only requests signed with that pair pass, and what passes cannot run on the origin.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { formatUrl } from '@aws-sdk/core/util';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition } from '../../lambdas/domain/content-disposition.js';
import { objectRequest, type ObjectRequestInit } from '../../lambdas/store/s3-objects.js';
import { localCredentials, type LocalCredentials } from './local-credentials.js';
import { freePort, stopAll, type Child } from './processes.js';
import { requestUrl } from './request-url.js';
import { startS3Local } from './s3-local.js';
import { createS3Proxy } from './s3-proxy.js';

const BUCKET = 'portal-local-documents';
const region = 'us-east-1';
const PUBLISHED = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const PDF = '%PDF-1.4\n% a small document\n';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 's3-proxy-'));
let credentials: LocalCredentials;
let s3rver: Child;
let s3Endpoint: string;
let server: http.Server;
let origin: string;

beforeAll(async () => {
  credentials = localCredentials(dataDir);
  const s3Port = await freePort();
  s3Endpoint = `http://127.0.0.1:${s3Port}`;
  s3rver = await startS3Local({ port: s3Port, dir: path.join(dataDir, 's3'), bucket: BUCKET, logDir: path.join(dataDir, 'logs'), credentials });
  const mount = createS3Proxy({ target: s3Endpoint, bucket: BUCKET, region, credentials });
  server = http.createServer(async (req, res) => {
    const url = requestUrl(req);
    if (!url || !(await mount(req, res, url))) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}, 60_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  if (s3rver) await stopAll([s3rver]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const bucketAt = () => ({ bucket: BUCKET, region, endpoint: `${origin}/local/s3`, forcePathStyle: true });

/** A URL presigned as the handlers presign (lambdas/store/s3-objects.ts). */
async function presign(key: string, init: ObjectRequestInit, opts: { expiresIn?: number; signingDate?: Date; as?: LocalCredentials } = {}) {
  const presigner = new S3RequestPresigner({ credentials: opts.as ?? credentials, region, sha256: Sha256 });
  return formatUrl(
    await presigner.presign(objectRequest(bucketAt(), key, init), {
      expiresIn: opts.expiresIn ?? 300,
      signingDate: opts.signingDate,
      signableHeaders: init.headers ? new Set(Object.keys(init.headers)) : undefined,
    }),
  );
}

/** A presigned ListObjectsV2 of the bucket. */
async function presignList(opts: { signingDate?: Date; as?: LocalCredentials } = {}) {
  const presigner = new S3RequestPresigner({ credentials: opts.as ?? credentials, region, sha256: Sha256 });
  const { host, hostname, port } = new URL(origin);
  const request = new HttpRequest({ method: 'GET', protocol: 'http:', hostname, port: Number(port), path: `/local/s3/${BUCKET}`, query: { 'list-type': '2' }, headers: { host } });
  return formatUrl(await presigner.presign(request, { expiresIn: 300, signingDate: opts.signingDate }));
}

const tenMinutesAgo = () => new Date(Date.now() - 10 * 60_000);
const unsigned = (url: string) => url.split('?')[0] + (url.includes('list-type') ? '?list-type=2' : '');

async function s3Error(res: Response): Promise<{ status: number; code: string | undefined; csp: string | null }> {
  const body = await res.text();
  expect(res.headers.get('content-type')).toBe('application/xml');
  expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Error><Code>/);
  return { status: res.status, code: /<Code>([^<]+)<\/Code>/.exec(body)?.[1], csp: res.headers.get('content-security-policy') };
}

const put = (url: string, body: string, contentType = 'application/pdf') => fetch(url, { method: 'PUT', body, headers: { 'content-type': contentType } });
const uploadInit = (body: string, contentType = 'application/pdf'): ObjectRequestInit => ({
  method: 'PUT',
  headers: { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)) },
});

describe('S3 proxy', () => {
  it('serves presigned uploads and downloads, inert, with the signed type and disposition', async () => {
    expect((await put(await presign('docs/a.pdf', uploadInit(PDF)), PDF)).status).toBe(200);
    const disposition = contentDisposition('Lab "results".pdf', 'inline');
    const res = await fetch(
      await presign('docs/a.pdf', {
        method: 'GET',
        query: { 'response-content-type': 'application/pdf', 'response-content-disposition': disposition },
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(PDF);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(disposition);
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps an HTML object from running on the origin even when its upload was signed', async () => {
    const html = '<script>parent.document.cookie</script>';
    expect((await put(await presign('docs/page.html', uploadInit(html, 'text/html')), html, 'text/html')).status).toBe(200);
    const res = await fetch(await presign('docs/page.html', { method: 'GET' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses unsigned, tampered and expired gets', async () => {
    const url = await presign('docs/a.pdf', { method: 'GET', query: { 'response-content-type': 'application/pdf' } });
    expect(await s3Error(await fetch(unsigned(url)))).toEqual({ status: 403, code: 'AccessDenied', csp: 'sandbox' });
    expect(await s3Error(await fetch(url.replace('response-content-type=application%2Fpdf', 'response-content-type=text%2Fhtml')))).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    expect(await s3Error(await fetch(url.replace('/docs/a.pdf', '/docs/page.html')))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    const expired = await presign('docs/a.pdf', { method: 'GET' }, { signingDate: tenMinutesAgo() });
    expect(await s3Error(await fetch(expired))).toMatchObject({ status: 403, code: 'AccessDenied' });
  });

  it('refuses unsigned, tampered and expired puts, and leaves the object as it was', async () => {
    const evil = '<html>overwritten</html>';
    expect(await s3Error(await put(`${origin}/local/s3/${BUCKET}/docs/a.pdf`, evil, 'text/html'))).toMatchObject({ status: 403, code: 'AccessDenied' });
    const url = await presign('docs/a.pdf', uploadInit(evil));
    expect(await s3Error(await put(url, evil, 'text/html'))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await s3Error(await put(url, `${evil}!`))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    const expired = await presign('docs/a.pdf', uploadInit(evil), { signingDate: tenMinutesAgo() });
    expect(await s3Error(await put(expired, evil))).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(await (await fetch(await presign('docs/a.pdf', { method: 'GET' }))).text()).toBe(PDF);
  });

  it('lists the bucket only for a verified signature', async () => {
    const url = await presignList();
    expect(await s3Error(await fetch(unsigned(url)))).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(await s3Error(await fetch(url.replace('list-type=2', 'list-type=1')))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await s3Error(await fetch(await presignList({ signingDate: tenMinutesAgo() })))).toMatchObject({ status: 403, code: 'AccessDenied' });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<Key>docs/a.pdf</Key>');
  });

  it('refuses the published S3RVER key pair, through the proxy and at s3rver itself', async () => {
    const viaProxy = await fetch(await presign('docs/a.pdf', { method: 'GET' }, { as: PUBLISHED }));
    expect(await s3Error(viaProxy)).toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });
    expect(await s3Error(await fetch(await presignList({ as: PUBLISHED })))).toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });
    const direct = new S3Client({ endpoint: s3Endpoint, region, credentials: PUBLISHED, forcePathStyle: true });
    await expect(direct.send(new ListObjectsV2Command({ Bucket: BUCKET }))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
  });

  it('passes header-signed SDK calls, and checks a signed body against its hash', async () => {
    const client = new S3Client({
      endpoint: `${origin}/local/s3`,
      region,
      credentials,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'docs/sdk.txt', Body: 'from the SDK', ContentType: 'text/plain' }));
    const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'docs/sdk.txt' }));
    expect(await got.Body!.transformToString()).toBe('from the SDK');
    expect((await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'docs/' }))).Contents?.map((o) => o.Key)).toContain('docs/sdk.txt');

    const { host, hostname, port } = new URL(origin);
    const signer = new SignatureV4({ service: 's3', region, credentials, sha256: Sha256, uriEscapePath: false, applyChecksum: true });
    const signed = await signer.sign(
      new HttpRequest({
        method: 'PUT',
        protocol: 'http:',
        hostname,
        port: Number(port),
        path: `/local/s3/${BUCKET}/docs/sdk.txt`,
        headers: { host, 'content-type': 'text/plain' },
        body: 'what was signed',
      }),
    );
    const headers = Object.fromEntries(Object.entries(signed.headers).filter(([name]) => name !== 'host'));
    const res = await fetch(`${origin}/local/s3/${BUCKET}/docs/sdk.txt`, { method: 'PUT', headers, body: 'something else!' });
    expect(await s3Error(res)).toMatchObject({ status: 400, code: 'XAmzContentSHA256Mismatch' });
    const again = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'docs/sdk.txt' }));
    expect(await again.Body!.transformToString()).toBe('from the SDK');
  });

  it('keeps to the document bucket and to GET, HEAD and PUT', async () => {
    expect(await s3Error(await fetch(`${origin}/local/s3/other-bucket/x`))).toMatchObject({ status: 404, code: 'NoSuchBucket' });
    expect(await s3Error(await fetch(`${origin}/local/s3/`))).toMatchObject({ status: 404, code: 'NoSuchBucket' });
    const url = await presign('docs/a.pdf', { method: 'GET' });
    expect(await s3Error(await fetch(url, { method: 'DELETE' }))).toMatchObject({ status: 405, code: 'MethodNotAllowed' });
    // fetch would resolve dot segments itself: send the target as it is
    const dotted = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get(`${origin}/local/s3/${BUCKET}/docs/%2e%2e/x`, { path: `/local/s3/${BUCKET}/docs/%2e%2e/x` }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk)).on('end', () => resolve({ status: res.statusCode!, body }));
        })
        .on('error', reject);
    });
    expect(dotted).toMatchObject({ status: 400, body: expect.stringContaining('<Code>InvalidURI</Code>') });
  });
});
