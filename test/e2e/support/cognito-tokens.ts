/**
 * Tokens and clocks for the session tests. cognito-local signs with a key made per data directory
 * (lib/local/cognito-local-main.cjs), so tokens cannot be forged here; a token is made to expire by
 * moving the stack's clock (lib/local/stack-clock.ts) instead of waiting an hour, and refreshed
 * tokens are then issued as of the moved time, as they would be an hour later in the cloud.
 */
import { readFile } from 'node:fs/promises';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt, importJWK, type JWK } from 'jose';
import { nodeModule } from '../../../lib/local/paths.js';
import { baseUrl } from './browser.js';

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The private key published in cognito-local's npm package, which must open nothing. */
export async function publishedCognitoLocalKey(): Promise<CryptoKey> {
  const { jwk } = JSON.parse(await readFile(nodeModule('cognito-local', 'lib', 'keys', 'cognitoLocal.private.json'), 'utf8')) as { jwk: JWK };
  return (await importJWK(jwk, 'RS256')) as CryptoKey;
}

/** Where the stack's clock stands (GET /local/clock): its time, and how far ahead of the real clock. */
export async function readStackClock(): Promise<{ now: string; offsetMs: number }> {
  const res = await fetch(`${baseUrl()}/local/clock`);
  if (res.status !== 200) throw new Error(`reading the stack clock: ${res.status}`);
  return (await res.json()) as { now: string; offsetMs: number };
}

/** Moves the time the gateway's authorizer and cognito-local see (POST /local/clock). */
export async function advanceStackClock(seconds: number): Promise<void> {
  const res = await fetch(`${baseUrl()}/local/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceSeconds: seconds }) });
  if (res.status !== 200) throw new Error(`moving the stack clock: ${res.status} ${await res.text()}`);
}

export async function resetStackClock(): Promise<void> {
  const res = await fetch(`${baseUrl()}/local/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reset: true }) });
  if (res.status !== 200) throw new Error(`resetting the stack clock: ${res.status}`);
}

/** An SDK client for the cognito-local that issued `token`, and the token's user pool. */
export function cognitoOf(token: string): { cognito: CognitoIdentityProviderClient; endpoint: string; poolId: string } {
  const issuer = new URL(String(decodeJwt(token).iss));
  const cognito = new CognitoIdentityProviderClient({ endpoint: issuer.origin, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  return { cognito, endpoint: issuer.origin, poolId: issuer.pathname.slice(1) };
}
