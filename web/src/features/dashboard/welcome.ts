import type { UserInfo } from '#contract/users';

/** "Welcome back, Jane!" — the first name, or the username when there is none. */
export function welcomeText(user: Pick<UserInfo, 'first_name' | 'username'>): string {
  const name = user.first_name?.trim() || user.username;
  return `Welcome back, ${name}!`;
}
