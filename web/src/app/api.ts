import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { WithSlice } from '@reduxjs/toolkit';
import { loggedOut, selectSessionToken, selectUserInfo, sessionRefreshed } from '../features/auth/authSlice';
import { refreshUserInfo, secondsLeft } from '../features/auth/session';
import { apiBaseUrl } from './runtimeConfig';
import { isTokenRejection, SESSION_EXPIRED_MESSAGE, SESSION_EXPIRED_TOAST_MS } from './sessionExpiry';
import { attachLateModule, type RootState } from './store';
import { showToast } from './toastSlice';

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
 * The session lasts while its refresh token is valid: a token about to expire is refreshed first,
 * and a call refused for its token is retried once with a refreshed one. Only when the refresh is
 * refused too does the user see "Session expired - please log in again" and the login screen.
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
  const state = () => baseApi.getState() as RootState;
  const token = selectSessionToken(state());
  const left = token && secondsLeft(token);
  // Past `exp` by this clock: leave it to the server (this clock may be the wrong one).
  if (left && left > 0 && left < REFRESH_AHEAD_SECONDS) await refreshSession(baseApi);

  const sent = selectSessionToken(state());
  let result = await rawBaseQuery(args, baseApi, extra);
  const refused = () => result.error !== undefined && isTokenRejection(result.error.status, result.error.data);
  if (sent && refused()) {
    // Another call may have refreshed meanwhile; otherwise refresh now. Either way, retry once.
    if (selectSessionToken(state()) !== sent || (await refreshSession(baseApi))) result = await rawBaseQuery(args, baseApi, extra);
  }
  // Only the first of several parallel rejections logs out and tells the user.
  if (refused() && selectUserInfo(state()) !== null) {
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

declare module './store' {
  export interface LazyLoadedSlices extends WithSlice<typeof api> {}
}

attachLateModule({
  slice: api,
  middleware: api.middleware,
  // The next user must never see the previous user's cached records.
  listen: (startListening) =>
    startListening({ actionCreator: loggedOut, effect: (_action, { dispatch }) => void dispatch(api.util.resetApiState()) }),
});
