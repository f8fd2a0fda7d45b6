/**
 * The checks API Gateway's JWT authorizer makes, done locally with jose against cognito-local's JWKS:
 * signature (RS256, key from the JWKS by kid), issuer, expiry/not-before, and audience: the token's
 * `aud` (ID tokens) or `client_id` (access tokens) must be our app client.
 */
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

export type VerifyToken = (token: string) => Promise<JWTPayload>;

export function jwtVerifierFor(opts: { issuer: string; audience: string }): VerifyToken {
  const jwks = createRemoteJWKSet(new URL(`${opts.issuer}/.well-known/jwks.json`));
  return async (token) => {
    const { payload } = await jwtVerify(token, jwks, { issuer: opts.issuer, algorithms: ['RS256'] });
    const audiences = [payload.aud, payload.client_id].flat().filter((a): a is string => typeof a === 'string');
    if (!audiences.includes(opts.audience)) throw new Error('Token was not issued for this client');
    return payload;
  };
}

/** API Gateway hands claims to the Lambda as strings, arrays flattened to "[a b]"; so do we. */
export function flattenClaims(payload: JWTPayload): Record<string, string> {
  return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, Array.isArray(v) ? `[${v.join(' ')}]` : String(v)]));
}
