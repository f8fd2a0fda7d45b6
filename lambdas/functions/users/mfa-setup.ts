/**
 * POST /api/users/mfa-setup/ — an admin, finance or staff account turns TOTP on at sign-in:
 * the enrolment id the login answered (`session`) and the first code from the authenticator app. The
 * code is confirmed with the access token the login kept (VerifySoftwareToken), TOTP is turned on and
 * preferred (SetUserMFAPreference), and only then are the tokens handed over, as the user info.
 * A wrong code may be tried again a few times (400); an unknown, expired or used enrolment is 401.
 */
import { MfaStepRequest } from '../../contract/mfa.js';
import { Invalid, Unauthorized } from '../../domain/errors.js';
import { route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { METRIC } from '../../observability/metric-names.js';
import { countMetric } from '../../observability/metrics.js';
import { confirmTotp, MFA_SESSION_EXPIRED, sessionFromTokens } from '../../store/cognito.js';
import { countWrongCode, openEnrolment, takeEnrolment } from '../../store/mfa-enrolment.js';
import { TOO_MANY_WRONG_CODES, WRONG_SETUP_CODE } from '../../sign-in/mfa-policy.js';
import { answerSignIn } from '../../sign-in/sign-in-steps.js';

export const handler = route('users-mfa-setup', async (req) => {
  const { username, session, code } = parseJsonBody(req, MfaStepRequest);
  const enrolment = await openEnrolment(session, username);
  if (!enrolment) throw new Unauthorized(MFA_SESSION_EXPIRED);
  if (!(await confirmTotp(enrolment.accessToken, code))) {
    countMetric(METRIC.loginFailure);
    if ((await countWrongCode(enrolment)) === 0) throw new Unauthorized(TOO_MANY_WRONG_CODES);
    throw new Invalid(WRONG_SETUP_CODE);
  }
  // used once: a second answer with the same enrolment (a replay, or a double click) finds it gone
  if (!(await takeEnrolment(enrolment))) throw new Unauthorized(MFA_SESSION_EXPIRED);
  return { body: await answerSignIn(username, await sessionFromTokens(enrolment)) };
});
