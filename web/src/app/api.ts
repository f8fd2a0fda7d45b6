import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { WithSlice } from '@reduxjs/toolkit';
import { loggedOut, selectSessionToken, selectUserInfo } from '../features/auth/authSlice';
import { apiBaseUrl } from './runtimeConfig';
import { isTokenRejection, SESSION_EXPIRED_MESSAGE, SESSION_EXPIRED_TOAST_MS } from './sessionExpiry';
import { attachLateModule, type RootState } from './store';
import { showToast } from './toastSlice';

/**
 * Every authenticated call goes through here: the base URL comes from the runtime config
 * (read per call, since it is loaded after the modules), the bearer token from the session.
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
  const result = await rawBaseQuery(args, baseApi, extra);
  const signedIn = selectUserInfo(baseApi.getState() as RootState) !== null;
  // Only the first of several parallel rejections logs out and tells the user.
  if (result.error && signedIn && isTokenRejection(result.error.status, result.error.data)) {
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
