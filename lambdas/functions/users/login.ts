/**
 * POST /api/users/login/ — sign in with Cognito and answer the spec's user info.
 * When a second step is needed the answer is 401 with a `code` and a `session` for it:
 *  - "new_password_required": an account with a temporary password -> POST /api/users/new-password/;
 *  - "mfa_required": TOTP is on -> POST /api/users/mfa/ with the code from the authenticator app;
 *  - "mfa_setup_required" (+ `secret_code`): an admin, finance or staff account without TOTP must turn
 *    it on first -> POST /api/users/mfa-setup/ (sign-in-steps.ts).
 */
import { MFA_REQUIRED_CODE, MFA_SETUP_REQUIRED_CODE } from '../../contract/mfa-codes.js';
import { LoginRequest } from '../../contract/users.js';
import { AppError } from '../../domain/errors.js';
import { route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { METRIC } from '../../observability/metric-names.js';
import { countMetric } from '../../observability/metrics.js';
import { signIn } from '../../store/cognito.js';
import { answerSignIn } from '../../sign-in/sign-in-steps.js';

/** A right password that needs a second step is not a failed sign-in. */
const SECOND_STEPS: readonly unknown[] = [MFA_REQUIRED_CODE, MFA_SETUP_REQUIRED_CODE];

export const handler = route('users-login', async (req) => {
  const { username, password } = parseJsonBody(req, LoginRequest);
  try {
    return { body: await answerSignIn(username, await signIn(username, password)) };
  } catch (error) {
    const secondStep = error instanceof AppError && SECOND_STEPS.includes(error.extra.code);
    if ((error as { status?: number }).status === 401 && !secondStep) countMetric(METRIC.loginFailure);
    throw error;
  }
});
