/**
 * POST /api/users/totp/verify/ — confirms the secret of POST /api/users/totp/ with a code from the
 * authenticator app; from then on every sign-in of the user asks for a code. A wrong code
 * turns nothing on (400) and may be tried again.
 */
import { TotpVerifyRequest } from '../../contract/mfa.js';
import { Invalid } from '../../domain/errors.js';
import { route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { confirmTotp } from '../../store/cognito.js';
import { accessTokenOf, WRONG_SETUP_CODE } from '../../sign-in/mfa-policy.js';

export const handler = route('users-totp-verify', async (req) => {
  const { code } = parseJsonBody(req, TotpVerifyRequest);
  if (!(await confirmTotp(accessTokenOf(req), code))) throw new Invalid(WRONG_SETUP_CODE);
  return { body: { mfa_enabled: true } };
});
