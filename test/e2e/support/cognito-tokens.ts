/**
 * Tokens cognito-local could have issued: it signs every token with the private key it ships, so a
 * token re-signed with that key is one the local gateway trusts. Used to make a genuine session's
 * access token expire (or nearly) without waiting an hour.
 */
import { readFile } from 'node:fs/promises';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { nodeModule } from '../../../lib/local/paths.js';

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The private key cognito-local signs every token with. */
export async function cognitoLocalKey(): Promise<CryptoKey> {
  const { jwk } = JSON.parse(await readFile(nodeModule('cognito-local', 'lib', 'keys', 'cognitoLocal.private.json'), 'utf8')) as { jwk: JWK };
  return await importJWK(jwk, 'RS256') as CryptoKey;
}

/** The same token with some claims changed (e.g. `exp`), signed as cognito-local signs. */
export async function resigned(token: string, changes: JWTPayload): Promise<string> {
  const { kid } = decodeProtectedHeader(token);
  return new SignJWT({ ...decodeJwt(token), ...changes }).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid }).sign(await cognitoLocalKey());
}

/** An SDK client for the cognito-local that issued `token`, and the token's user pool. */
export function cognitoOf(token: string): { cognito: CognitoIdentityProviderClient; endpoint: string; poolId: string } {
  const issuer = new URL(String(decodeJwt(token).iss));
  const cognito = new CognitoIdentityProviderClient({ endpoint: issuer.origin, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  return { cognito, endpoint: issuer.origin, poolId: issuer.pathname.slice(1) };
}
