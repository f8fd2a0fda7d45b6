/**
 * POST /api/users/login/ — sign in with Cognito and answer the spec's user info (section 3).
 * An account with a temporary password answers 401 with code "new_password_required" and a session
 * for POST /api/users/new-password/.
 */
import { LoginRequest } from '../../contract/users.js';
import { route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { METRIC } from '../../observability/metric-names.js';
import { countMetric } from '../../observability/metrics.js';
import { signIn } from '../../store/cognito.js';
import { refuseDisabledStudent } from './sign-in-enabled.js';
import { userInfoFrom } from './user-info.js';

export const handler = route('users-login', async (req) => {
  const { username, password } = parseJsonBody(req, LoginRequest);
  try {
    const info = userInfoFrom(username, await signIn(username, password));
    await refuseDisabledStudent(username, info);
    return { body: info };
  } catch (error) {
    if ((error as { status?: number }).status === 401) countMetric(METRIC.loginFailure);
    throw error;
  }
});
