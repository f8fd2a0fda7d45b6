import { apiBaseUrl } from '../runtimeConfig';
import type { UserInfo } from '#contract/users';

const post = (action: 'refresh' | 'logout', body: unknown) =>
  fetch(`${apiBaseUrl()}/api/users/${action}/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** POST /api/users/refresh/: the user info with a new token, or null once the refresh token no longer works. */
export async function refreshUserInfo(user: UserInfo): Promise<UserInfo | null> {
  if (!user.refresh) return null; // user info stored before refresh tokens were kept
  try {
    const response = await post('refresh', { username: user.username, refresh: user.refresh });
    return response.ok ? ((await response.json()) as UserInfo) : null;
  } catch {
    return null;
  }
}

/** POST /api/users/logout/: revokes the refresh token. Best effort: the caller has already logged out locally. */
export function revokeRefreshToken(refresh: string | undefined): void {
  if (refresh) post('logout', { refresh }).catch(() => {});
}

/**
 * Seconds until the access token's `exp`, read from the token itself (the server verifies it; this
 * only decides when to refresh). Null when it cannot be read.
 */
export function secondsLeft(token: string, now = Date.now()): number | null {
  try {
    const payload = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const { exp } = JSON.parse(atob(payload)) as { exp?: unknown };
    return typeof exp === 'number' ? exp - now / 1000 : null;
  } catch {
    return null;
  }
}
