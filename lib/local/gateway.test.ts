/**
 * Contract of the local gateway where API Gateway answers on its own (gateway-answers.ts): status,
 * body byte for byte, and the www-authenticate challenge; a 413 leaves the keep-alive connection
 * usable. The gateway runs for real on a free port, trusting a JWKS served here; no handler is
 * invoked by these cases (API Gateway answers them before any Lambda runs).
 */
import http from 'node:http';
import type { JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedGateway, type SignedGateway } from './testing/signed-gateway.js';

const CLIENT_ID = 'portal-client';
let gateway: SignedGateway;
let base: string;
let issuer: string;
let offsetMs = 0;

beforeAll(async () => {
  gateway = await startSignedGateway({ clientId: CLIENT_ID, now: () => new Date(Date.now() + offsetMs) });
  ({ base, issuer } = gateway);
});

afterAll(() => gateway.stop());

const seconds = () => Math.floor(Date.now() / 1000);
const sign = (over: JWTPayload = {}) => gateway.sign('ann', { sub: 's', ...over });

async function call(pathname: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${pathname}`, init);
  return { status: res.status, body: await res.text(), challenge: res.headers.get('www-authenticate'), type: res.headers.get('content-type') };
}

const UNAUTHORIZED = '{"message":"Unauthorized"}';
const challenge = (description: string) => `Bearer scope="" error="invalid_token" error_description="${description}"`;

describe('the local gateway answers as API Gateway does', () => {
  it('refuses a signed-in route without a token: 401 {"message":"Unauthorized"}, a bare Bearer challenge', async () => {
    expect(await call('/api/students/ann/')).toEqual({ status: 401, body: UNAUTHORIZED, challenge: 'Bearer', type: 'application/json' });
  });

  it.each<[string, () => Promise<string>, string]>([
    ['a malformed token', async () => 'Bearer not-a-jwt', 'the token is not a valid JWT'],
    ['another scheme', async () => `Basic ${Buffer.from('ann:pw').toString('base64')}`, 'the token is not a valid JWT'],
    ['an expired token', async () => `Bearer ${await sign({ iat: seconds() - 7200, exp: seconds() - 3600 })}`, 'the token has expired'],
    ['a token from another user pool', async () => `Bearer ${await sign({ iss: issuer.replace('pool_1', 'pool_2') })}`, 'the token does not have a valid issuer'],
    ['a token for another app client', async () => `Bearer ${await sign({ client_id: 'another-client' })}`, 'the token does not have a valid audience'],
    ['a tampered token', async () => `Bearer ${(await sign()).slice(0, -4)}AAAA`, 'the token signature is invalid'],
  ])('refuses %s: 401 {"message":"Unauthorized"} with a Bearer challenge saying why', async (_name, authorization, description) => {
    expect(await call('/api/students/ann/', { headers: { authorization: await authorization() } })).toEqual({
      status: 401,
      body: UNAUTHORIZED,
      challenge: challenge(description),
      type: 'application/json',
    });
  });

  it('checks expiry against its clock: a valid token is refused once that clock passes exp', async () => {
    const token = await sign({ exp: seconds() + 600 });
    offsetMs = 601_000;
    try {
      expect(await call('/api/students/ann/', { headers: { authorization: `Bearer ${token}` } })).toMatchObject({ status: 401, challenge: challenge('the token has expired') });
    } finally {
      offsetMs = 0;
    }
  });

  it('answers an unknown route, and a known path with another method, 404 {"message":"Not Found"}', async () => {
    for (const [pathname, method] of [
      ['/api/nothing-here/', 'GET'],
      ['/api', 'GET'],
      ['/api/users/login/', 'GET'],
      ['/api/courses/', 'DELETE'],
    ] as const) {
      expect(await call(pathname, { method })).toMatchObject({ status: 404, body: '{"message":"Not Found"}', type: 'application/json' });
    }
  });

  it('answers a body over 10 MB 413 {"message":"Request Entity Too Large"}, before any Lambda, and keeps the connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const port = Number(new URL(base).port);
    const send = (body: Buffer | null, pathname = '/api/users/login/') =>
      new Promise<{ status: number; body: string; socket: unknown }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: pathname, method: body ? 'POST' : 'GET', agent, headers: { 'content-type': 'application/json' } }, (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode!, body: text, socket: req.socket }));
        });
        req.on('error', reject);
        req.end(body ?? undefined);
      });
    const tooLarge = await send(Buffer.alloc(10 * 1024 * 1024 + 1, 0x20));
    expect(tooLarge).toMatchObject({ status: 413, body: '{"message":"Request Entity Too Large"}' });
    const next = await send(null, '/api/nothing-here/');
    expect(next).toMatchObject({ status: 404, body: '{"message":"Not Found"}' });
    expect(next.socket).toBe(tooLarge.socket);
    agent.destroy();
  });

  it('still serves the SPA outside /api with its own fallback', async () => {
    expect(await call('/Dashboard')).toMatchObject({ status: 200, body: '<div id="root"></div>' });
  });
});
