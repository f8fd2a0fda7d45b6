import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserInfo } from '#contract/users';
import { apiBaseUrl } from '../runtimeConfig';
import { serverErrorText } from '../lib/serverErrorBody';
import { readStoredUserInfo } from './userInfoStorage';

/** Login state: request -> success | failure; logout resets. */
export interface AuthState {
  userInfo: UserInfo | null;
  loading: boolean;
  error: string | null;
}

export interface LoginCredentials {
  username: string;
  password: string;
}

/** Shown when the server gives no `detail` (network failure, unexpected answer). */
export const GENERIC_LOGIN_ERROR = 'Login failed. Please try again.';

/**
 * A refused login's response body, passed on as the rejected action's `meta`: an account with a
 * temporary password answers 401 with `code: "new_password_required"` and a `session`; one
 * with TOTP on `code: "mfa_required"`, and an admin, finance or staff account without it
 * `code: "mfa_setup_required"` with the new `secret_code`.
 */
export interface LoginRefusal {
  code?: unknown;
  session?: unknown;
  /** The TOTP secret of an enrolment (`code: "mfa_setup_required"`). */
  secret_code?: unknown;
}

export const login = createAsyncThunk<UserInfo, LoginCredentials, { rejectValue: string; rejectedMeta: LoginRefusal | void }>(
  'auth/login',
  async (credentials, { rejectWithValue, signal }) => {
    let response: Response;
    try {
      response = await fetch(`${apiBaseUrl()}/api/users/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(credentials),
        signal,
      });
    } catch {
      return rejectWithValue(GENERIC_LOGIN_ERROR);
    }
    const body: unknown = await response.json().catch(() => null);
    // As the spec says: the server's detail (or API Gateway's own answer, in words), never a field-named `error`.
    if (!response.ok) return rejectWithValue(serverErrorText(body, ['detail', 'message']) ?? GENERIC_LOGIN_ERROR, body as LoginRefusal);
    return body as UserInfo;
  },
);

const signedOut: AuthState = { userInfo: null, loading: false, error: null };

export const authSlice = createSlice({
  name: 'auth',
  // A function, so each store (and each test) reads local storage when it is created.
  initialState: (): AuthState => ({ ...signedOut, userInfo: readStoredUserInfo() }),
  reducers: {
    loggedOut: () => signedOut,
    /** POST /api/users/refresh/ answered: the same user with a new token (and roles as they are now). */
    sessionRefreshed: (state, action: PayloadAction<UserInfo>) => {
      state.userInfo = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(login.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(login.fulfilled, (state, action) => {
        state.loading = false;
        state.userInfo = action.payload;
      })
      .addCase(login.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? GENERIC_LOGIN_ERROR;
      });
  },
  selectors: {
    selectUserInfo: (state) => state.userInfo,
    selectIsAdmin: (state) => state.userInfo?.isAdmin === true,
    selectLoginPending: (state) => state.loading,
    selectLoginError: (state) => state.error,
    /** The bearer token: `token`, or `access` in user info stored by older clients. */
    selectSessionToken: (state) => {
      const user = state.userInfo as (UserInfo & { access?: string }) | null;
      return user?.token || user?.access || null;
    },
  },
});

export const { loggedOut, sessionRefreshed } = authSlice.actions;
export const { selectUserInfo, selectIsAdmin, selectLoginPending, selectLoginError, selectSessionToken } = authSlice.selectors;
