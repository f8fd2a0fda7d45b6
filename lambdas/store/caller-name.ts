/**
 * The caller's display name ("Sam Rivera"), as Cognito holds it: GetUser with the caller's own access
 * token (the request's bearer token, which the JWT authorizer has already verified). The access token
 * carries no name claim, and staff have no profile in the table, so this is where their name is.
 * GetUser is an unauthenticated Cognito API (the token authorises it, not IAM: no grant), called here
 * as the plain JSON request the SDK would send, so the route's bundle does not carry the Cognito client.
 * The endpoint is AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER locally, as the SDK reads it.
 */

/** A name is a nicety: never let it hold up or fail the request for long. */
const LOOKUP_TIMEOUT_MS = 2_000;

function cognitoEndpoint(): string {
  return process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER ?? `https://cognito-idp.${process.env.AWS_REGION ?? 'us-east-1'}.amazonaws.com/`;
}

/** The bearer token of an `authorization` header, or null. */
export const bearerToken = (header: string | undefined): string | null => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? null;

/**
 * "Given Family" from the caller's Cognito attributes; `fallback` (their username) without a token,
 * without a name, or when Cognito cannot be asked in time.
 */
export async function callerDisplayName(accessToken: string | null, fallback: string): Promise<string> {
  if (!accessToken) return fallback;
  try {
    const answer = await fetch(cognitoEndpoint(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser' },
      body: JSON.stringify({ AccessToken: accessToken }),
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
    if (!answer.ok) return fallback;
    const user = (await answer.json()) as { UserAttributes?: Array<{ Name?: string; Value?: string }> };
    const attribute = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value?.trim() ?? '';
    return `${attribute('given_name')} ${attribute('family_name')}`.trim() || fallback;
  } catch {
    return fallback;
  }
}
