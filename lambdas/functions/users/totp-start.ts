/**
 * POST /api/users/totp/ — a student (admin, finance and staff accounts must have TOTP and set it up at sign-in)
 * starts turning on two-step sign-in: answers a new TOTP secret for an authenticator app.
 * Nothing changes until POST /api/users/totp/verify/ confirms a code from it.
 */
import { Conflict } from '../../domain/errors.js';
import { route } from '../../http/route.js';
import type { TotpSecret } from '../../contract/mfa.js';
import { associateTotp, totpEnabled } from '../../store/cognito.js';
import { accessTokenOf, TOTP_ALREADY_ON } from '../../sign-in/mfa-policy.js';

export const handler = route('users-totp-start', async (req) => {
  const token = accessTokenOf(req);
  // a new secret would replace the confirmed one once verified: turning it off is the school office's (reset)
  if (await totpEnabled(token)) throw new Conflict(TOTP_ALREADY_ON);
  const body: TotpSecret = { secret_code: await associateTotp(token) };
  return { body };
});
