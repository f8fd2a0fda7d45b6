/**
 * The local stand-in for API Gateway's JWT authorizer (jwt-verifier.ts), against a JWKS it trusts
 * served by a tiny HTTP server here: a genuine token passes; expired, not-yet-valid, wrong-issuer,
 * wrong-audience, unsigned (`alg: none`), algorithm-confused (HS256 keyed with the public key),
 * foreign-key, embedded-key and tampered tokens are all refused.
 */
import { constants, createHmac, KeyObject, sign as rsaSign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenClaims, jwtVerifierFor, type VerifyToken } from './jwt-verifier.js';

const CLIENT_ID = 'portal-client';
const KID = 'trusted-key';
const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

let server: http.Server;
let issuer: string;
let verify: VerifyToken;
let trusted: { privateKey: CryptoKey; publicKey: CryptoKey; jwk: JWK; pem: string };
let attacker: { privateKey: CryptoKey; publicKey: CryptoKey };

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  trusted = { ...pair, jwk: { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' }, pem: await exportSPKI(pair.publicKey) };
  attacker = await generateKeyPair('RS256', { extractable: true });
  server = http.createServer((req, res) => {
    if (req.url === '/pool_trusted/.well-known/jwks.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [trusted.jwk] }));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pool_trusted`;
  verify = jwtVerifierFor({ issuer, audience: CLIENT_ID });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const now = () => Math.floor(Date.now() / 1000);
/** The claims of a Cognito access token for a student. */
const claims = (over: JWTPayload = {}): JWTPayload => ({
  sub: 'sub-1',
  username: 'ann',
  client_id: CLIENT_ID,
  token_use: 'access',
  'cognito:groups': ['student-helpers'],
  iss: issuer,
  iat: now(),
  exp: now() + 3600,
  ...over,
});

function sign(payload: JWTPayload, opts: { key?: CryptoKey; alg?: string; kid?: string | null; header?: Record<string, unknown> } = {}) {
  const kid = opts.kid === null ? undefined : (opts.kid ?? KID);
  return new SignJWT(payload).setProtectedHeader({ alg: opts.alg ?? 'RS256', typ: 'JWT', ...(kid ? { kid } : {}), ...opts.header }).sign(opts.key ?? trusted.privateKey);
}

/** Signs with node's crypto (jose will not sign what it considers wrong: other algorithms for this key, unknown crit). */
function signRaw(header: Record<string, unknown>, payload: JWTPayload, key: CryptoKey = trusted.privateKey): string {
  const input = `${b64(header)}.${b64(payload)}`;
  const keyObject = KeyObject.from(key);
  const alg = String(header.alg);
  const hash = `sha${alg.slice(2)}`;
  const signature = alg.startsWith('PS')
    ? rsaSign(hash, Buffer.from(input), { key: keyObject, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: Number(alg.slice(2)) / 8 })
    : rsaSign(hash, Buffer.from(input), keyObject);
  return `${input}.${signature.toString('base64url')}`;
}

describe("local JWT verifier (the authorizer's checks)", () => {
  it('accepts a genuine access token (client_id) and a genuine ID token (aud), and answers the claims', async () => {
    await expect(verify(await sign(claims()))).resolves.toMatchObject({ username: 'ann', client_id: CLIENT_ID });
    const idToken = claims({ client_id: undefined, aud: CLIENT_ID, token_use: 'id', 'cognito:username': 'ann' });
    await expect(verify(await sign(idToken))).resolves.toMatchObject({ aud: CLIENT_ID });
  });

  // the reasons become www-authenticate's error_description, as API Gateway words them
  const EXPIRED = { message: 'the token has expired' };
  const NOT_YET = { message: 'the token is not valid yet' };
  const ISSUER = { message: 'the token does not have a valid issuer' };
  const AUDIENCE = { message: 'the token does not have a valid audience' };
  it.each<[string, () => JWTPayload, object]>([
    ['expired an hour ago', () => claims({ iat: now() - 7200, exp: now() - 3600 }), EXPIRED],
    ['expired a minute ago', () => claims({ exp: now() - 60 }), EXPIRED],
    ['not valid before an hour from now', () => claims({ nbf: now() + 3600 }), NOT_YET],
    ['from another issuer (another user pool)', () => claims({ iss: issuer.replace('pool_trusted', 'pool_other') }), ISSUER],
    ['from a look-alike issuer', () => claims({ iss: `${issuer}/` }), ISSUER],
    ['without an issuer', () => claims({ iss: undefined }), ISSUER],
    ['for another app client (client_id)', () => claims({ client_id: 'someone-elses-client' }), AUDIENCE],
    ['for another audience (aud)', () => claims({ client_id: undefined, aud: 'someone-elses-client' }), AUDIENCE],
    ['for no audience at all', () => claims({ client_id: undefined }), AUDIENCE],
    ['with the client id only as a prefix', () => claims({ client_id: `${CLIENT_ID}-x` }), AUDIENCE],
  ])('refuses a correctly signed token %s, for that reason', async (_name, payload, reason) => {
    await expect(verify(await sign(payload()))).rejects.toMatchObject(reason);
  });

  it('refuses an unsigned token (alg: none), with or without a trailing signature', async () => {
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}`;
    await expect(verify(`${unsigned}.`)).rejects.toThrow();
    await expect(verify(`${unsigned}.${b64('x')}`)).rejects.toThrow();
    await expect(verify(`${b64({ alg: 'None', kid: KID })}.${b64(claims())}.`)).rejects.toThrow();
  });

  it('refuses algorithm confusion: HS256 keyed with the trusted public key (PEM and JWK forms)', async () => {
    for (const secret of [trusted.pem, JSON.stringify(trusted.jwk), trusted.jwk.n!]) {
      const input = `${b64({ alg: 'HS256', typ: 'JWT', kid: KID })}.${b64(claims())}`;
      const mac = createHmac('sha256', secret).update(input).digest('base64url');
      await expect(verify(`${input}.${mac}`)).rejects.toThrow();
    }
  });

  it('refuses other algorithms even with the trusted key (only RS256 is allowed)', async () => {
    // the helper is sound: RS256 through it passes
    await expect(verify(signRaw({ alg: 'RS256', typ: 'JWT', kid: KID }, claims()))).resolves.toBeTruthy();
    for (const alg of ['RS384', 'RS512', 'PS256', 'PS512']) {
      await expect(verify(signRaw({ alg, typ: 'JWT', kid: KID }, claims()))).rejects.toThrow();
    }
  });

  it('refuses tokens signed by any other key: same kid, unknown kid, no kid, or the key embedded in the header', async () => {
    const attackerJwk = await exportJWK(attacker.publicKey);
    await expect(verify(await sign(claims(), { key: attacker.privateKey }))).rejects.toThrow();
    await expect(verify(await sign(claims(), { key: attacker.privateKey, kid: 'attacker-key' }))).rejects.toThrow();
    await expect(verify(await sign(claims(), { key: attacker.privateKey, kid: null }))).rejects.toThrow();
    await expect(verify(await sign(claims(), { key: attacker.privateKey, header: { jwk: attackerJwk } }))).rejects.toThrow();
    await expect(verify(await sign(claims(), { key: attacker.privateKey, header: { jku: 'http://127.0.0.1:1/attacker.json' } }))).rejects.toThrow();
  });

  it('refuses a tampered payload (roles, user, expiry) and a tampered signature', async () => {
    const [header, payload, signature] = (await sign(claims())).split('.');
    for (const forged of [claims({ 'cognito:groups': ['admin'] }), claims({ username: 'admin' }), claims({ exp: now() + 10 * 365 * 86_400 })]) {
      await expect(verify(`${header}.${b64(forged)}.${signature}`)).rejects.toThrow();
    }
    const flipped = `${signature!.slice(0, -6)}${signature!.slice(-6).split('').reverse().join('')}`;
    await expect(verify(`${header}.${payload}.${flipped}`)).rejects.toThrow();
    await expect(verify(`${header}.${payload}.`)).rejects.toThrow();
    await expect(verify(`${header}.${payload}`)).rejects.toThrow();
  });

  it('refuses headers it does not understand (crit) and garbage', async () => {
    await expect(verify(signRaw({ alg: 'RS256', kid: KID, crit: ['x-unknown'], 'x-unknown': true }, claims()))).rejects.toThrow();
    for (const junk of ['', 'not-a-jwt', 'a.b.c', '...', `${b64('{')}.${b64('{')}.x`]) await expect(verify(junk)).rejects.toThrow();
  });

  it('checks expiry against the clock it is given (the stack clock), not the real one', async () => {
    const token = await sign(claims({ exp: now() + 600 }));
    const later = jwtVerifierFor({ issuer, audience: CLIENT_ID, now: () => new Date(Date.now() + 601_000) });
    await expect(later(token)).rejects.toMatchObject({ message: 'the token has expired' });
    const earlier = jwtVerifierFor({ issuer, audience: CLIENT_ID, now: () => new Date(Date.now() + 590_000) });
    await expect(earlier(token)).resolves.toMatchObject({ username: 'ann' });
  });

  it('hands claims to the handler as API Gateway does: strings, arrays flattened to "[a b]"', () => {
    expect(flattenClaims({ username: 'ann', 'cognito:groups': ['admin', 'staff'], exp: 5 })).toEqual({ username: 'ann', 'cognito:groups': '[admin staff]', exp: '5' });
  });
});
