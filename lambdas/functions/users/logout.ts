/**
 * POST /api/users/logout/ — revokes the refresh token of the user info (Cognito RevokeToken, which
 * needs only the token and our app client id), so it can no longer refresh. Public: the access token
 * has often expired by the time someone logs out, and holding the refresh token is the credential.
 * Idempotent: a token that is already revoked, unknown or malformed has nothing left to revoke.
 */
import { LogoutRequest } from '../../contract/users.js';
import { route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { revokeRefreshToken } from '../../store/cognito.js';
import { logger } from '../../observability/powertools.js';

export const handler = route('users-logout', async (req) => {
  const { refresh } = parseJsonBody(req, LogoutRequest);
  const revoked = await revokeRefreshToken(refresh);
  if (!revoked) logger.info('logout with a refresh token that was not (or no longer) valid');
  return { body: { detail: 'Logged out' } };
});
