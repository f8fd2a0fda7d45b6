/**
 * POST /api/users/login/ — sign in with Cognito and answer the spec's user info (section 3).
 * An account with a temporary password answers 401 with code "new_password_required" and a session
 * for POST /api/users/new-password/.
 */
import { LoginRequest } from '../../contract/users.js';
import { route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { METRIC } from '../../observability/metric-names.js';
import { countMetric } from '../../observability/powertools.js';
import { ACCOUNT_DISABLED, signIn } from '../../store/cognito.js';
import { isSignInEnabled } from '../../store/students.js';
import { Unauthorized } from '../../domain/errors.js';
import { userInfoFrom } from './user-info.js';

export const handler = route('users-login', async (req) => {
  const { username, password } = parseJsonBody(req, LoginRequest);
  try {
    const info = userInfoFrom(username, await signIn(username, password));
    // Cognito refuses disabled users itself; the profile flag is the school's record of it (and the
    // local stand-in does not enforce Cognito's flag), so a disabled student is refused here too.
    if (!info.isAdmin && !info.is_staff && !info.is_finance && !(await isSignInEnabled(username))) throw new Unauthorized(ACCOUNT_DISABLED);
    return { body: info };
  } catch (error) {
    if ((error as { status?: number }).status === 401) countMetric(METRIC.loginFailure);
    throw error;
  }
});
