import { apiBaseUrl } from '#shared/runtimeConfig';
import type { UserInfo } from '#contract/users';
import { plainServerErrorText } from '#shared/lib/serverError';

export const PASSWORDS_DIFFER = 'The two passwords do not match.';
/** Shown when the server gives no message (network failure, unexpected answer). */
export const NEW_PASSWORD_FAILED = 'Could not set the new password. Please try again.';

/** The server's message: `detail` (401), API Gateway's own answer in words, else `error` (400 "new_password: ..."). */
const messageOf = (body: unknown) => plainServerErrorText(body, ['detail', 'message', 'error']);

/** POST /api/users/new-password/: answers the same user info as a login. */
export async function completeNewPassword(username: string, session: string, newPassword: string): Promise<{ user: UserInfo } | { error: string }> {
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl()}/api/users/new-password/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, session, new_password: newPassword }),
    });
  } catch {
    return { error: NEW_PASSWORD_FAILED };
  }
  const body: unknown = await response.json().catch(() => null);
  return response.ok ? { user: body as UserInfo } : { error: messageOf(body) ?? NEW_PASSWORD_FAILED };
}
