/** POST /api/users/login/ — sign in with Cognito and answer the spec's user info (section 3). */
import { LoginRequest, type UserInfo } from '../../contract/users.js';
import { isAdmin, isFinance, isStaff, rolesFromGroups } from '../../domain/roles.js';
import { route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { METRIC } from '../../observability/metric-names.js';
import { countMetric } from '../../observability/powertools.js';
import { signIn } from '../../store/cognito.js';

export const handler = route('users-login', async (req) => {
  const { username, password } = parseJsonBody(req, LoginRequest);
  let session;
  try {
    session = await signIn(username, password);
  } catch (error) {
    if ((error as { status?: number }).status === 401) countMetric(METRIC.loginFailure);
    throw error;
  }
  const roles = rolesFromGroups(session.groups);
  const body: UserInfo = {
    id: session.sub,
    username,
    email: session.attributes.email ?? '',
    first_name: session.attributes.given_name ?? '',
    last_name: session.attributes.family_name ?? '',
    isAdmin: isAdmin(roles),
    is_staff: isStaff(roles),
    is_finance: isFinance(roles),
    token: session.accessToken,
    refresh: session.refreshToken,
    expires_in: session.expiresIn,
  };
  return { body };
});
