import type { Role } from '../routes.js';
import { rolesFromGroups } from '../domain/roles.js';

/** The caller, as established by the JWT authorizer (cloud) or the local gateway (same checks). */
export interface Principal {
  username: string;
  sub: string;
  roles: Role[];
}

/** Claims as API Gateway passes them: `requestContext.authorizer.jwt.claims`. */
export function principalFromClaims(claims: Record<string, unknown> | undefined): Principal | null {
  if (!claims) return null;
  const username = claims['username'] ?? claims['cognito:username'];
  if (typeof username !== 'string' || username === '') return null;
  return { username, sub: String(claims['sub'] ?? ''), roles: rolesFromGroups(claims['cognito:groups']) };
}
