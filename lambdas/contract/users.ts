import { Username } from './username.js';
import * as z from './zod.js';

/** POST /api/users/login/ body. The spec asks for no client-side validation, so the server names the field. */
export const LoginRequest = z.object({
  username: Username,
  password: z.string().check(z.minLength(1, 'is required'), z.maxLength(256, 'is too long')),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** A Cognito refresh token as the SPA got it in the user info (`refresh`): opaque, about 2 KB in the cloud. */
const RefreshToken = z.string().check(z.minLength(1, 'is required'), z.maxLength(8192, 'is too long'));

/**
 * POST /api/users/refresh/ body: the refresh token. `username` is still accepted (the SPA sends the name
 * the token was issued to) but never used as the identity: that is the token's own user, as Cognito
 * answers it.
 */
export const RefreshRequest = z.object({
  username: z.optional(Username),
  refresh: RefreshToken,
});
export type RefreshRequest = z.infer<typeof RefreshRequest>;

/** POST /api/users/logout/ body: the refresh token to revoke (no access token needed: it may have expired). */
export const LogoutRequest = z.object({ refresh: RefreshToken });
export type LogoutRequest = z.infer<typeof LogoutRequest>;

/** The spec's user info, kept by the SPA in local storage under `userInfo`. */
export interface UserInfo {
  id: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  isAdmin: boolean;
  is_staff: boolean;
  /** Beyond the spec: finance staff see the finance ledger. */
  is_finance: boolean;
  /** Beyond the spec: the clinical compliance group reviews students' health records. Absent in user info stored before. */
  is_compliance?: boolean;
  /** Cognito access token, sent as `Authorization: Bearer <token>`. */
  token: string;
  /** Cognito refresh token, used to stay signed in while it is valid. */
  refresh: string;
  /** Seconds until `token` expires. */
  expires_in: number;
  /** Beyond the spec: the user signs in with a code from an authenticator app too. Absent in user info stored before. */
  mfa_enabled?: boolean;
}

/** POST /api/users/{username}/sign-out-everywhere/ (admin): every refresh token of the user is revoked. */
export interface SignOutEverywhereAnswer {
  username: string;
  signed_out: true;
}
