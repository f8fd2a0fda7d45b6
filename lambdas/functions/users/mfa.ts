/**
 * POST /api/users/mfa/ — the second step of signing in with TOTP on: the session of the
 * login's 401 `mfa_required` and the 6-digit code from the authenticator app -> the user info.
 * A wrong code ends the attempt (401 `mfa_code_refused`): the person signs in again with the password.
 */
import { MfaStepRequest } from '../../contract/mfa.js';
import { route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { METRIC } from '../../observability/metric-names.js';
import { countMetric } from '../../observability/metrics.js';
import { answerTotpChallenge } from '../../store/cognito.js';
import { answerSignIn } from '../../sign-in/sign-in-steps.js';

export const handler = route('users-mfa', async (req) => {
  const { username, session, code } = parseJsonBody(req, MfaStepRequest);
  try {
    return { body: await answerSignIn(username, await answerTotpChallenge(username, session, code)) };
  } catch (error) {
    if ((error as { status?: number }).status === 401) countMetric(METRIC.loginFailure);
    throw error;
  }
});
