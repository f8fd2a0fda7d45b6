/**
 * Tokens the local gateway (the stand-in for API Gateway's JWT authorizer) must refuse with 401
 * before any handler runs: expired, tampered payload, tampered signature, wrong issuer (a genuine
 * token of another Cognito user pool, same username), wrong audience (a genuine token of another
 * app client of our own pool), a refresh token used as an access token, `alg: none`, and `alg`
 * confusion (HS256 keyed with the public key), and anything signed with the key published in
 * cognito-local's npm package. Each is API Gateway's own answer, 401 {"message":"Unauthorized"} with a
 * Bearer challenge. The verifier is unit-tested against a JWKS it trusts in lib/local/jwt-verifier.test.ts,
 * the gateway's answers in lib/local/gateway.test.ts.
 */
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createHmac } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, exportSPKI, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { login } from './support/api.js';
import { baseUrl } from './support/browser.js';
import { advanceStackClock, cognitoOf, nowSeconds as now, publishedCognitoLocalKey, resetStackClock } from './support/cognito-tokens.js';

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** API Gateway's answer to a token that fails verification (the challenge says why). */
const REFUSED = { status: 401, body: { message: 'Unauthorized' }, challenge: expect.stringMatching(/^Bearer scope="" error="invalid_token" error_description="[^"]+"$/) };

async function getRecord(token: string) {
  const res = await fetch(`${baseUrl()}/api/students/student/`, { headers: { authorization: `Bearer ${token}` } });
  const answer = { status: res.status, body: await res.json() };
  return res.status === 401 ? { ...answer, challenge: res.headers.get('www-authenticate') } : answer;
}

let token: string;
let refresh: string;
let header: ReturnType<typeof decodeProtectedHeader>;
let claims: JWTPayload;
/** cognito-local's endpoint (the issuer's origin) and the portal's pool. */
let cognitoEndpoint: string;
let poolId: string;
let cognito: CognitoIdentityProviderClient;

beforeAll(async () => {
  ({ token, refresh } = (await login('student', 'Student!2345')) as { token: string; refresh: string });
  header = decodeProtectedHeader(token);
  claims = decodeJwt(token);
  ({ cognito, endpoint: cognitoEndpoint, poolId } = cognitoOf(token));
});

/** Signs in `username` through another app client and answers its access token. */
async function tokenVia(clientId: string, username: string, password: string): Promise<string> {
  const out = await cognito.send(new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: password } }));
  return out.AuthenticationResult!.AccessToken!;
}

describe('tokens the gateway refuses (401 before any handler runs)', () => {
  it('accepts the genuine token (the control for every case below)', async () => {
    expect(await getRecord(token)).toMatchObject({ status: 200, body: { username: 'student' } });
  });

  it("refuses the genuine token once it has expired on the stack's clock, saying so", async () => {
    await advanceStackClock(Number(claims.exp) - now() + 5);
    try {
      expect(await getRecord(token)).toEqual({ ...REFUSED, challenge: 'Bearer scope="" error="invalid_token" error_description="the token has expired"' });
    } finally {
      await resetStackClock();
    }
    expect(await getRecord(token)).toMatchObject({ status: 200 });
  });

  it("refuses anything signed with the key published in cognito-local's package: an admin token, another key too", async () => {
    const sign = (payload: JWTPayload, key: CryptoKey) => new SignJWT(payload).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: header.kid }).sign(key);
    const published = await publishedCognitoLocalKey();
    expect(await getRecord(await sign({ ...claims, iat: now() - 60, exp: now() + 600 }, published))).toEqual(REFUSED);
    expect(await getRecord(await sign({ ...claims, 'cognito:groups': ['admin'] }, published))).toEqual(REFUSED);
    const { privateKey } = await generateKeyPair('RS256');
    expect(await getRecord(await sign({ ...claims, iat: now() - 60, exp: now() + 600 }, privateKey))).toEqual(REFUSED);
  });

  it('refuses a tampered payload: admin group, another user, a later expiry', async () => {
    const [h, , s] = token.split('.');
    for (const forged of [
      { ...claims, 'cognito:groups': ['admin'] },
      { ...claims, username: 'paid' },
      { ...claims, exp: now() + 10 * 365 * 86_400 },
    ]) {
      expect(await getRecord(`${h}.${b64(forged)}.${s}`)).toEqual(REFUSED);
    }
  });

  it('refuses a tampered or missing signature', async () => {
    const [h, p, s] = token.split('.');
    const flipped = `${s!.slice(0, 10)}${s![10] === 'A' ? 'B' : 'A'}${s!.slice(11)}`;
    for (const bad of [`${h}.${p}.${flipped}`, `${h}.${p}.`, `${h}.${p}`, `${h}.${p}.${b64('signature')}`]) {
      expect(await getRecord(bad)).toEqual(REFUSED);
    }
  });

  it('refuses a genuine token of another Cognito user pool, even for the same username (wrong issuer)', async () => {
    const pool = await cognito.send(new CreateUserPoolCommand({ PoolName: `attacker-${Date.now()}` }));
    const otherPool = pool.UserPool!.Id!;
    const client = await cognito.send(
      new CreateUserPoolClientCommand({ UserPoolId: otherPool, ClientName: 'attacker', ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] }),
    );
    await cognito.send(new AdminCreateUserCommand({ UserPoolId: otherPool, Username: 'student', MessageAction: 'SUPPRESS', TemporaryPassword: 'Attack!2345' }));
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: otherPool, Username: 'student', Password: 'Attack!2345', Permanent: true }));
    const foreign = await tokenVia(client.UserPoolClient!.ClientId!, 'student', 'Attack!2345');
    expect(decodeJwt(foreign)).toMatchObject({ username: 'student', iss: `${cognitoEndpoint}/${otherPool}` });
    expect(await getRecord(foreign)).toEqual(REFUSED);
  });

  it('refuses a genuine token issued to another app client of our own pool (wrong audience)', async () => {
    const client = await cognito.send(
      new CreateUserPoolClientCommand({ UserPoolId: poolId, ClientName: 'not-the-portal', ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] }),
    );
    const other = await tokenVia(client.UserPoolClient!.ClientId!, 'student', 'Student!2345');
    expect(decodeJwt(other)).toMatchObject({ username: 'student', iss: claims.iss, client_id: client.UserPoolClient!.ClientId });
    expect(other).not.toBe(token);
    expect(await getRecord(other)).toEqual(REFUSED);
  });

  it("refuses the session's refresh token as a bearer token (cognito-local signs it with the trusted key, but for no client)", async () => {
    expect(decodeJwt(refresh)).toMatchObject({ iss: claims.iss, 'cognito:username': 'student' });
    expect(await getRecord(refresh)).toEqual(REFUSED);
  });

  it('refuses an unsigned token (alg: none), whatever it claims', async () => {
    for (const alg of ['none', 'None', 'NONE']) {
      const unsigned = `${b64({ alg, typ: 'JWT' })}.${b64({ ...claims, 'cognito:groups': ['admin'] })}`;
      expect(await getRecord(`${unsigned}.`)).toEqual(REFUSED);
      expect(await getRecord(unsigned)).toEqual(REFUSED);
    }
  });

  it("refuses algorithm confusion: HS256 keyed with the pool's own public key", async () => {
    const jwks = (await (await fetch(`${claims.iss}/.well-known/jwks.json`)).json()) as { keys: JWK[] };
    const jwk = jwks.keys.find((k) => k.kid === header.kid)!;
    const pem = await exportSPKI((await importJWK(jwk, 'RS256', { extractable: true })) as CryptoKey);
    for (const secret of [pem, pem.trim(), JSON.stringify(jwk), jwk.n!]) {
      const input = `${b64({ alg: 'HS256', typ: 'JWT', kid: header.kid })}.${b64({ ...claims, 'cognito:groups': ['admin'] })}`;
      expect(await getRecord(`${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`)).toEqual(REFUSED);
    }
  });
});
