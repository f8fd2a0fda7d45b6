import { useAppSelector } from '../app/hooks';
import { selectUserInfo } from '../features/auth/authSlice';
import type { UserInfo } from '../contract';

/**
 * The signed-in user, or null. For pages whose route is open to everyone (app/router) and which
 * decide for themselves what an anonymous visitor sees; guarded pages use `useSignedInUser()`.
 */
export function useCurrentUser(): UserInfo | null {
  return useAppSelector(selectUserInfo);
}
