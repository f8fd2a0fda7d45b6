import type { AppStartListening } from '../store/state';
import { loggedOut, login, sessionRefreshed } from './authSlice';
import { removeStoredUserInfo, storeUserInfo } from './userInfoStorage';

/** Mirrors the session into local storage (`userInfo`), whoever dispatched the change. */
export function persistSession(startListening: AppStartListening): void {
  startListening({ actionCreator: login.fulfilled, effect: (action) => storeUserInfo(action.payload) });
  startListening({ actionCreator: sessionRefreshed, effect: (action) => storeUserInfo(action.payload) });
  startListening({ actionCreator: loggedOut, effect: () => removeStoredUserInfo() });
}
