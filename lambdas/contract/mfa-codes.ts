/** Kept apart from the schemas (contract/mfa.ts), so the SPA's sign-in forms bundle no zod. */

/** The 401 codes a sign-in answers when a second step is needed (the SPA switches forms on them). */
export const MFA_REQUIRED_CODE = 'mfa_required';
export const MFA_SETUP_REQUIRED_CODE = 'mfa_setup_required';

/** The issuer an authenticator app shows next to the account (the otpauth URI's `issuer`). */
export const TOTP_ISSUER = 'Portal';
