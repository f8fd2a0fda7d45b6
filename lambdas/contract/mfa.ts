/**
 * Two-step sign-in with an authenticator app (TOTP): the requests of the MFA routes.
 *
 *   POST /api/users/login/          401 { code: "mfa_required", session }         -> POST /api/users/mfa/
 *                                   401 { code: "mfa_setup_required", session,    -> POST /api/users/mfa-setup/
 *                                         secret_code }   (admin, finance and staff accounts without TOTP)
 *   POST /api/users/totp/           a signed-in user starts turning TOTP on: { secret_code }
 *   POST /api/users/totp/verify/    ... and confirms it with a code: { mfa_enabled: true }
 *   POST /api/users/{username}/mfa/reset/   an admin turns another user's TOTP off (recovery, audited)
 */
import { Username } from './username.js';
import * as z from './zod.js';

export { MFA_REQUIRED_CODE, MFA_SETUP_REQUIRED_CODE, TOTP_ISSUER } from './mfa-codes.js';

/** A 6-digit code from an authenticator app (Cognito's UserCode / SOFTWARE_TOKEN_MFA_CODE: exactly six digits). */
export const TotpCode = z.string().check(z.trim(), z.regex(/^\d{6}$/, 'must be the 6-digit code from your authenticator app'));

/** Cognito's challenge sessions are up to 2048 characters; our enrolment ids are 43. */
const SignInSession = z.string().check(z.minLength(1, 'is required'), z.maxLength(4096, 'is too long'));

/** POST /api/users/mfa/ and POST /api/users/mfa-setup/: the session the login answered, and the code. */
export const MfaStepRequest = z.object({ username: Username, session: SignInSession, code: TotpCode });
export type MfaStepRequest = z.infer<typeof MfaStepRequest>;

/** POST /api/users/totp/verify/ */
export const TotpVerifyRequest = z.object({ code: TotpCode });
export type TotpVerifyRequest = z.infer<typeof TotpVerifyRequest>;

/** POST /api/users/totp/ answers the secret to show (as a QR code and as text) until it is confirmed. */
export interface TotpSecret {
  secret_code: string;
}

/** POST /api/users/{username}/mfa/reset/: `reset` is false when the user had no TOTP to turn off. */
export interface MfaResetResult {
  username: string;
  reset: boolean;
  mfa_enabled: false;
}
