/**
 * s3rver checks no signatures, so the handler tests cannot tell a wrong one: here the requests are
 * held to AWS's published SigV4 example and to what S3Client + getSignedUrl produce for the same call.
 */
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { HttpRequest } from '@smithy/core/protocols';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentDisposition } from '../domain/content-disposition.js';
import { S3Error, S3Objects, S3Presigner, objectRequest, type S3Location } from './s3-objects.js';

const credentials = (accessKeyId: string, secretAccessKey: string, sessionToken?: string) => {
  vi.stubEnv('AWS_ACCESS_KEY_ID', accessKeyId);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', secretAccessKey);
  vi.stubEnv('AWS_SESSION_TOKEN', sessionToken);
};

/** Answers every call with the given status and body; keeps what was sent. */
function answering(objects: S3Objects, ...answers: Array<{ status: number; body?: string; headers?: Record<string, string> }>) {
  const sent: HttpRequest[] = [];
  const http = {
    handle: async (request: HttpRequest) => {
      sent.push(request);
      const next = answers.length > 1 ? answers.shift()! : answers[0];
      const { Readable } = await import('node:stream');
      return { response: { statusCode: next.status, headers: next.headers ?? {}, body: Readable.from([Buffer.from(next.body ?? '')]) } };
    },
  };
  Object.assign(objects, { http });
  return sent;
}

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('S3 requests signed with the SDK signer', () => {
  it("matches AWS's SigV4 example for S3 (GET /test.txt with a Range header)", async () => {
    vi.setSystemTime(new Date('2013-05-24T00:00:00Z'));
    credentials('AKIAIOSFODNN7EXAMPLE', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
    const objects = new S3Objects({ bucket: 'examplebucket', region: 'us-east-1', endpoint: 'https://s3.amazonaws.com' });
    const sent = answering(objects, { status: 200, body: 'x' });
    await objects.send('test.txt', { method: 'GET', headers: { range: 'bytes=0-9' } });
    expect(sent[0].hostname).toBe('examplebucket.s3.amazonaws.com');
    expect(sent[0].headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  const places: Array<[string, S3Location]> = [
    ['the regional endpoint, virtual-hosted', { bucket: 'portal-docs-abc123', region: 'eu-west-2' }],
    [
      'a path-style endpoint with a path (the local proxy)',
      { bucket: 'portal-local-documents', region: 'us-east-1', endpoint: 'http://localhost:3000/local/s3', forcePathStyle: true },
    ],
  ];
  describe.each(places)('presigned URLs at %s', (_name, at) => {
    let client: S3Client;
    const key = "documents/1/Rapport d'été (v2)*!.pdf";

    beforeEach(() => {
      vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
      credentials('AKIDEXAMPLE', 'secret', 'session-token');
      // a handler test run earlier in the same worker may have left the stand-ins' endpoints in the
      // environment; S3Client would read them, and sign for another host than `at` names
      vi.stubEnv('AWS_ENDPOINT_URL_S3', undefined);
      vi.stubEnv('AWS_ENDPOINT_URL', undefined);
      client = new S3Client({ region: at.region, endpoint: at.endpoint, forcePathStyle: at.forcePathStyle, requestChecksumCalculation: 'WHEN_REQUIRED' });
    });

    it('are the URLs getSignedUrl makes for GetObject (the SDK adds x-id and x-amz-checksum-mode)', async () => {
      const disposition = contentDisposition("Rapport d'été (v2).pdf", 'inline');
      const sdk = await getSignedUrl(
        client,
        new GetObjectCommand({ Bucket: at.bucket, Key: key, ResponseContentDisposition: disposition, ResponseContentType: 'application/pdf' }),
        { expiresIn: 300 },
      );
      const ours = await new S3Presigner(at).presign(
        key,
        {
          method: 'GET',
          query: { 'response-content-disposition': disposition, 'response-content-type': 'application/pdf', 'x-amz-checksum-mode': 'ENABLED', 'x-id': 'GetObject' },
        },
        { expiresIn: 300 },
      );
      expect(ours).toBe(sdk);
    });

    it('are the URLs getSignedUrl makes for PutObject with the type and length signed', async () => {
      const signableHeaders = new Set(['content-type', 'content-length']);
      const sdk = await getSignedUrl(client, new PutObjectCommand({ Bucket: at.bucket, Key: key, ContentType: 'application/pdf', ContentLength: 1234 }), {
        expiresIn: 900,
        signableHeaders,
      });
      const ours = await new S3Presigner(at).presign(
        key,
        {
          method: 'PUT',
          query: { 'x-id': 'PutObject' },
          headers: { 'content-type': 'application/pdf', 'content-length': '1234' },
        },
        { expiresIn: 900, signableHeaders },
      );
      expect(ours).toBe(sdk);
    });
  });

  it('addresses a bucket with dots path-style (its name would not match the certificate)', () => {
    const request = objectRequest({ bucket: 'docs.example.org', region: 'eu-west-1' }, 'a b/c', { method: 'HEAD' });
    expect([request.hostname, request.path]).toEqual(['s3.eu-west-1.amazonaws.com', '/docs.example.org/a%20b/c']);
  });
});

describe('S3 answers', () => {
  beforeEach(() => credentials('AKIDEXAMPLE', 'secret'));
  const at = { bucket: 'b', region: 'us-east-1' };

  it("names the error with S3's code, and a HEAD 404 (no body) NotFound", async () => {
    const objects = new S3Objects(at);
    answering(objects, { status: 403, body: '<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>' });
    await expect(objects.send('k', { method: 'GET' })).rejects.toMatchObject({ name: 'AccessDenied', status: 403, message: 'Access Denied' });
    answering(objects, { status: 404 });
    await expect(objects.send('k', { method: 'HEAD' })).rejects.toMatchObject({ name: 'NotFound', status: 404 });
  });

  it('treats a CopyObject 200 with an error in its body as the error it is', async () => {
    const objects = new S3Objects(at);
    answering(objects, { status: 200, body: '<Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>' });
    const copy = objects.send('to', { method: 'PUT', headers: { 'x-amz-copy-source': 'b/from' } });
    await expect(copy).rejects.toBeInstanceOf(S3Error);
  });

  it('retries 5xx and throttling up to three attempts, and not a client error', async () => {
    const objects = new S3Objects(at);
    const sent = answering(objects, { status: 503, body: '<Error><Code>SlowDown</Code></Error>' }, { status: 500 }, { status: 200, body: 'ok' });
    expect(new TextDecoder().decode((await objects.send('k', { method: 'GET' })).body)).toBe('ok');
    expect(sent).toHaveLength(3);
    const refused = answering(objects, { status: 400, body: '<Error><Code>InvalidArgument</Code></Error>' });
    await expect(objects.send('k', { method: 'GET' })).rejects.toMatchObject({ name: 'InvalidArgument' });
    expect(refused).toHaveLength(1);
  });
});
