import type { UserInfo } from '#contract/users';

/** Local storage key of the signed-in user's info, as the spec names it. */
export const USER_INFO_KEY = 'userInfo';

/**
 * The stored user info, or null when absent or unreadable. Unreadable values (corrupt JSON,
 * or JSON that is not a user) are removed so they cannot break the next start either.
 */
export function readStoredUserInfo(): UserInfo | null {
  const raw = localStorage.getItem(USER_INFO_KEY);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isUserInfo(parsed)) return parsed;
    throw new Error('not a user info object');
  } catch (error) {
    console.warn(`Ignoring unreadable "${USER_INFO_KEY}" in local storage.`, error);
    localStorage.removeItem(USER_INFO_KEY);
    return null;
  }
}

export function storeUserInfo(userInfo: UserInfo): void {
  localStorage.setItem(USER_INFO_KEY, JSON.stringify(userInfo));
}

export function removeStoredUserInfo(): void {
  localStorage.removeItem(USER_INFO_KEY);
}

function isUserInfo(value: unknown): value is UserInfo {
  return typeof value === 'object' && value !== null && typeof (value as { username?: unknown }).username === 'string';
}
