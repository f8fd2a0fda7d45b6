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

/**
 * Names found, per warm container: a registrar uploading a batch of documents asks Cognito once, not
 * once per file. Ten minutes, so a corrected name shows on later uploads the same day. Only names that
 * were found are kept; a fallback is asked again next time.
 */
export const NAME_CACHE_MS = 10 * 60_000;
const known = new Map<string, { name: string; until: number }>();

function cognitoEndpoint(): string {
  return process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER ?? `https://cognito-idp.${process.env.AWS_REGION ?? 'us-east-1'}.amazonaws.com/`;
}

/** The bearer token of an `authorization` header, or null. */
export const bearerToken = (header: string | undefined): string | null => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? null;

/**
 * "Given Family" from the caller's Cognito attributes; `fallback` (their username, which the
 * authorizer verified, so it also keys the cache) without a token, without a name, or when Cognito
 * cannot be asked in time.
 */
export async function callerDisplayName(accessToken: string | null, fallback: string, now = Date.now()): Promise<string> {
  if (!accessToken) return fallback;
  const cached = known.get(fallback);
  if (cached && cached.until > now) return cached.name;
  const name = await askCognito(accessToken);
  if (!name) return fallback;
  known.set(fallback, { name, until: now + NAME_CACHE_MS });
  return name;
}

/** "Given Family" for the token's user, or '' when it has none or Cognito cannot be asked in time. */
async function askCognito(accessToken: string): Promise<string> {
  try {
    const answer = await fetch(cognitoEndpoint(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser' },
      body: JSON.stringify({ AccessToken: accessToken }),
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
    if (!answer.ok) return '';
    const user = (await answer.json()) as { UserAttributes?: Array<{ Name?: string; Value?: string }> };
    const attribute = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value?.trim() ?? '';
    return `${attribute('given_name')} ${attribute('family_name')}`.trim();
  } catch {
    return '';
  }
}
