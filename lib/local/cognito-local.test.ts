/**
 * cognito-local as the stack runs it (cognito-local-main.cjs): it signs with its data directory's own
 * key, so a token minted with the key published in its npm package is refused by the gateway's JWT
 * check while a real sign-in's token passes; and it stamps tokens with the stack's movable clock.
 */
import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand, CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt, decodeProtectedHeader, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COGNITO_KEY_FILE, cognitoSigningKey } from './cognito-keys.js';
import { cognitoIssuerDomain, startCognitoLocal } from './cognito-local.js';
import { localClientConfig } from './endpoints.js';
import { jwtVerifierFor } from './jwt-verifier.js';
import { localCredentials } from './local-credentials.js';
import { nodeModule } from './paths.js';
import { freePort, stopAll, type Child } from './processes.js';
import { ensureUserPool, type PoolIds } from './provision.js';
import { createStackClock, type StackClock } from './stack-clock.js';

const PUBLISHED = JSON.parse(fs.readFileSync(nodeModule('cognito-local', 'lib', 'keys', 'cognitoLocal.private.json'), 'utf8')) as { jwk: JWK; pem: string };
const USERNAME = 'ann';
const PASSWORD = 'Sign-in!2345';
const HOUR_S = 3600;

let dataDir: string;
let dir: string;
let logDir: string;
let clock: StackClock;
let child: Child;
let issuer: string;
let pool: PoolIds;
let cognito: CognitoIdentityProviderClient;

async function start(port?: number): Promise<void> {
  port ??= await freePort();
  child = await startCognitoLocal({ port, dir, logDir, clockFile: clock.file });
  issuer = cognitoIssuerDomain(port);
  cognito = new CognitoIdentityProviderClient(localClientConfig(issuer, localCredentials(dataDir)));
}

const jwks = async () => ((await (await fetch(`${issuer}/${pool.userPoolId}/.well-known/jwks.json`)).json()) as { keys: JWK[] }).keys;
const signIn = async () =>
  (
    await cognito.send(
      new InitiateAuthCommand({
        ClientId: pool.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME, PASSWORD },
      }),
    )
  ).AuthenticationResult!;
const verifier = () => jwtVerifierFor({ issuer: `${issuer}/${pool.userPoolId}`, audience: pool.userPoolClientId });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cognito-'));
  dir = path.join(dataDir, 'cognito');
  logDir = path.join(dataDir, 'logs');
  clock = createStackClock(dataDir);
  await start();
  pool = await ensureUserPool({ cognito: issuer, dynamodb: '', s3: '', mail: '' }, localCredentials(dataDir), dataDir);
  await cognito.send(new AdminCreateUserCommand({ UserPoolId: pool.userPoolId, Username: USERNAME, MessageAction: 'SUPPRESS', TemporaryPassword: PASSWORD }));
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: pool.userPoolId, Username: USERNAME, Password: PASSWORD, Permanent: true }));
}, 60_000);

afterAll(async () => {
  await stopAll([child]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("cognito-local signs with its data directory's key", () => {
  it("accepts a real sign-in's tokens and refuses the same claims signed with the published key", async () => {
    const { AccessToken, IdToken } = await signIn();
    const verify = verifier();
    await expect(verify(AccessToken!)).resolves.toMatchObject({ username: USERNAME, client_id: pool.userPoolClientId });
    await expect(verify(IdToken!)).resolves.toMatchObject({ 'cognito:username': USERNAME });
    expect(decodeProtectedHeader(AccessToken!)).toMatchObject({ alg: 'RS256', kid: 'CognitoLocal' });

    // what anyone holding the npm package could mint: a valid-looking admin token for this pool and client
    const forged = await new SignJWT({ ...decodeJwt(AccessToken!), username: 'admin', 'cognito:groups': ['admin'] })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal', typ: 'JWT' })
      .sign(createPrivateKey(PUBLISHED.pem));
    await expect(verify(forged)).rejects.toThrow(/signature/i);
    const keys = await jwks();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', kid: 'CognitoLocal', alg: 'RS256', use: 'sig', e: 'AQAB' });
    expect(keys[0]!.n).not.toBe(PUBLISHED.jwk.n);
    // the JWKS holds the public half only
    expect(Object.keys(keys[0]!).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
  });

  it('issues tokens as of the stack clock: +2 h moves iat (and exp with it), and back', async () => {
    clock.setOffsetMs(2 * HOUR_S * 1000);
    const moved = decodeJwt((await signIn()).AccessToken!);
    const now = Date.now() / 1000;
    expect(moved.iat!).toBeGreaterThan(now + 2 * HOUR_S - 30);
    expect(moved.iat!).toBeLessThan(now + 2 * HOUR_S + 30);
    // access tokens live 15 minutes, lib/local/provision.ts as lib/stacks/auth-stack.ts
    expect(moved.exp! - moved.iat!).toBe(15 * 60);
    clock.setOffsetMs(0);
    const back = decodeJwt((await signIn()).AccessToken!);
    expect(Math.abs(back.iat! - Date.now() / 1000)).toBeLessThan(30);
  });

  it('keeps the key in the data directory (owner-only) across a restart; another directory gets another', async () => {
    const file = path.join(dir, COGNITO_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const before = (await jwks())[0]!;
    const token = (await signIn()).AccessToken!;
    await stopAll([child]);
    await start(Number(new URL(issuer).port));
    const after = (await jwks())[0]!;
    expect(after).toEqual(before);
    expect(after.n).toBe(cognitoSigningKey(dir).public.jwk.n);
    // a token from before the restart still passes (a fresh verifier, so the JWKS is fetched again)
    await expect(verifier()(token)).resolves.toMatchObject({ username: USERNAME });
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cognito-other-'));
    try {
      const other = cognitoSigningKey(otherDir);
      expect(other.public.jwk.n).not.toBe(after.n);
      expect(other.public.jwk.n).not.toBe(PUBLISHED.jwk.n);
    } finally {
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  }, 60_000);
});
