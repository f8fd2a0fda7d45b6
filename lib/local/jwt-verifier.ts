/**
 * The checks API Gateway's JWT authorizer makes, done locally with jose against cognito-local's JWKS:
 * signature (RS256, key from the JWKS by kid), issuer, expiry/not-before, and audience: the token's
 * `aud` (ID tokens) or `client_id` (access tokens) must be our app client. Time is the stack clock's
 * (stack-clock.ts), so a test can let a token expire.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';

export type VerifyToken = (token: string) => Promise<JWTPayload>;

/** Why a token was refused, in the words of API Gateway's `www-authenticate` error_description. */
export class TokenRefused extends Error {}

export function jwtVerifierFor(opts: { issuer: string; audience: string; now?: () => Date }): VerifyToken {
  const jwks = createRemoteJWKSet(new URL(`${opts.issuer}/.well-known/jwks.json`));
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, { issuer: opts.issuer, algorithms: ['RS256'], currentDate: opts.now?.() }));
    } catch (error) {
      throw new TokenRefused(refusal(error));
    }
    const audiences = [payload.aud, payload.client_id].flat().filter((a): a is string => typeof a === 'string');
    if (!audiences.includes(opts.audience)) throw new TokenRefused('the token does not have a valid audience');
    return payload;
  };
}

function refusal(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'the token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'the token does not have a valid issuer';
    if (error.claim === 'nbf' || error.claim === 'iat') return 'the token is not valid yet';
    return `the token has an invalid ${error.claim} claim`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) return 'the token signature is invalid';
  return 'the token is not a valid JWT';
}

/** API Gateway hands claims to the Lambda as strings, arrays flattened to "[a b]"; so do we. */
export function flattenClaims(payload: JWTPayload): Record<string, string> {
  return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, Array.isArray(v) ? `[${v.join(' ')}]` : String(v)]));
}
