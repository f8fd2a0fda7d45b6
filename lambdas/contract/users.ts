import * as z from './zod.js';

/** POST /api/users/login/ body. The spec asks for no client-side validation, so the server names the field. */
export const LoginRequest = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(128, 'is too long')),
  password: z.string().check(z.minLength(1, 'is required'), z.maxLength(256, 'is too long')),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** User info of spec section 3, kept by the SPA in local storage under `userInfo`. */
export interface UserInfo {
  id: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  isAdmin: boolean;
  is_staff: boolean;
  /** Beyond the spec: finance staff see the finance ledger (issue 4). */
  is_finance: boolean;
  /** Cognito access token, sent as `Authorization: Bearer <token>`. */
  token: string;
  /** Cognito refresh token, used to stay signed in while it is valid. */
  refresh: string;
  /** Seconds until `token` expires. */
  expires_in: number;
}
