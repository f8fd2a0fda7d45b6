import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { WithSlice } from '@reduxjs/toolkit';
import { loggedOut, selectSessionToken, selectUserInfo, sessionRefreshed } from '../session/authSlice';
import { refreshUserInfo, secondsLeft } from '../session/sessionTokens';
import { apiBaseUrl } from '../runtimeConfig';
import { isSessionRejection, SESSION_EXPIRED_MESSAGE, SESSION_EXPIRED_TOAST_MS } from './sessionExpiry';
import { attachLateModule } from '../store/lateModules';
import type { RootState } from '../store/state';
import { showToast } from '../toast/toastSlice';

type BaseApi = Parameters<BaseQueryFn>[1];

/** Refreshes this long before the access token's `exp`, so calls do not meet the 401 at all. */
const REFRESH_AHEAD_SECONDS = 60;

/** One refresh at a time: parallel calls that meet an expired token all wait for the same one. */
let refreshing: Promise<boolean> | null = null;

/** Swaps the session's token for a new one (POST /api/users/refresh/); false when that is refused. */
function refreshSession({ getState, dispatch }: BaseApi): Promise<boolean> {
  refreshing ??= (async () => {
    const user = selectUserInfo(getState() as RootState);
    const next = user && (await refreshUserInfo(user));
    // a logout (or another user's login) while the refresh was on its way wins
    if (!next || selectUserInfo(getState() as RootState)?.refresh !== user.refresh) return false;
    dispatch(sessionRefreshed(next));
    return true;
  })().finally(() => (refreshing = null));
  return refreshing;
}

/**
 * Every authenticated call goes through here: the base URL comes from the runtime config
 * (read per call, since it is loaded after the modules), the bearer token from the session.
 * The session lasts while its refresh token is valid: a token expired or about to expire is refreshed
 * first, and a call answered 401 is retried once with a refreshed one. Only when the refresh is refused
 * too does the user see "Session expired - please log in again" and the login screen.
 */
const sessionBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, baseApi, extra) => {
  const rawBaseQuery = fetchBaseQuery({
    baseUrl: apiBaseUrl(),
    prepareHeaders: (headers, { getState }) => {
      const token = selectSessionToken(getState() as RootState);
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  });
  const token = () => selectSessionToken(baseApi.getState() as RootState);
  const held = token();
  const left = held ? secondsLeft(held) : null;
  // Past `exp` too: a call with it would only meet the authorizer's 401. Should this clock be the wrong
  // one, the refresh was merely early (and if it fails, the server still judges the old token).
  const refreshedAhead = left !== null && left < REFRESH_AHEAD_SECONDS ? await refreshSession(baseApi) : null;

  const sent = token();
  let result = await rawBaseQuery(args, baseApi, extra);
  // Without a token the 401 is the route's answer to an anonymous caller: nothing to refresh.
  if (!sent || !isSessionRejection(result.error)) return result;
  // Another call may have refreshed meanwhile; else refresh now, unless this call already did.
  // Either way, retry once.
  const current = token();
  if (current && (current !== sent || (refreshedAhead === null && (await refreshSession(baseApi))))) {
    result = await rawBaseQuery(args, baseApi, extra);
    if (!isSessionRejection(result.error)) return result;
  }
  // Only the first of several parallel rejections logs out and tells the user.
  if (selectUserInfo(baseApi.getState() as RootState) !== null) {
    baseApi.dispatch(showToast(SESSION_EXPIRED_MESSAGE, { severity: 'error', autoHideMs: SESSION_EXPIRED_TOAST_MS }));
    baseApi.dispatch(loggedOut());
  }
  return result;
};

/**
 * The one RTK Query API; features add endpoints with `api.injectEndpoints`. It is not part of
 * the start-up bundle: the first page that imports it attaches it to the store.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: sessionBaseQuery,
  tagTypes: ['Student', 'Payment'],
  endpoints: () => ({}),
});

declare module '../store/state' {
  export interface LazyLoadedSlices extends WithSlice<typeof api> {}
}

attachLateModule({
  slice: api,
  middleware: api.middleware,
  // The next user must never see the previous user's cached records.
  listen: (startListening) => startListening({ actionCreator: loggedOut, effect: (_action, { dispatch }) => void dispatch(api.util.resetApiState()) }),
});
