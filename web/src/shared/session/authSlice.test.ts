import { describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig, defaultRuntimeConfig } from '../runtimeConfig';
import { jsonResponse, makeStore, sampleUser } from '../../testing/test-utils';
import { GENERIC_LOGIN_ERROR, loggedOut, login, selectSessionToken } from './authSlice';
import { USER_INFO_KEY } from './userInfoStorage';

const credentials = { username: 'student', password: 'Student!2345' };

/** A login the server never answers. */
function stubPendingLogin() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
}

/** Logs in on `store` with fetch answering `answer`; the auth state after it. */
async function loginAnswered(answer: () => Promise<Response>, store = makeStore()) {
  vi.stubGlobal('fetch', vi.fn(answer));
  await store.dispatch(login(credentials));
  return store.getState().auth;
}

describe('auth state (spec section 4)', () => {
  describe('initial state', () => {
    it('is the stored user info when present', () => {
      const user = sampleUser();
      localStorage.setItem(USER_INFO_KEY, JSON.stringify(user));
      expect(makeStore().getState().auth).toEqual({ userInfo: user, loading: false, error: null });
    });

    it('is empty when nothing is stored', () => {
      expect(makeStore().getState().auth).toEqual({ userInfo: null, loading: false, error: null });
    });

    it('is empty, and the value is removed, when the stored JSON is corrupt', () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      localStorage.setItem(USER_INFO_KEY, '{"username": "stu');
      expect(makeStore().getState().auth.userInfo).toBeNull();
      expect(localStorage.getItem(USER_INFO_KEY)).toBeNull();
    });

    it('is empty when the stored JSON is not a user', () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      localStorage.setItem(USER_INFO_KEY, '"just a string"');
      expect(makeStore().getState().auth.userInfo).toBeNull();
    });
  });

  it('sets loading while the request is pending', () => {
    stubPendingLogin();
    const store = makeStore();
    void store.dispatch(login(credentials));
    expect(store.getState().auth).toMatchObject({ loading: true, error: null });
  });

  it('on success stores the user info in state and in local storage', async () => {
    setRuntimeConfig({ ...defaultRuntimeConfig, apiBase: 'https://portal.example.edu' });
    const user = sampleUser();
    const fetchMock = vi.fn(async () => jsonResponse(user));
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore();

    await store.dispatch(login(credentials));

    expect(store.getState().auth).toEqual({ userInfo: user, loading: false, error: null });
    expect(JSON.parse(localStorage.getItem(USER_INFO_KEY) ?? 'null')).toEqual(user);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://portal.example.edu/api/users/login/');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual(credentials);
  });

  it("on failure stores the server's detail message and writes nothing", async () => {
    const auth = await loginAnswered(async () => jsonResponse({ detail: 'Incorrect username or password.', error: 'NotAuthorized' }, 401));
    expect(auth).toEqual({ userInfo: null, loading: false, error: 'Incorrect username or password.' });
    expect(localStorage.getItem(USER_INFO_KEY)).toBeNull();
  });

  it.each([
    ['a generic message without a detail', async () => new Response('<html>Bad gateway</html>', { status: 502 }), GENERIC_LOGIN_ERROR],
    ["API Gateway's own refusal in words", async () => jsonResponse({ message: 'Too Many Requests' }, 429), 'Too many requests right now. Please wait a moment and try again.'],
    ['a generic message, never a field-named error', async () => jsonResponse({ error: 'username: Required' }, 400), GENERIC_LOGIN_ERROR],
    ['a generic message when the network fails', async () => Promise.reject(new TypeError('Failed to fetch')), GENERIC_LOGIN_ERROR],
  ])('says %s', async (_case, answer, message) => {
    expect((await loginAnswered(answer)).error).toBe(message);
  });

  it('a new request clears the previous error', async () => {
    const store = makeStore();
    await loginAnswered(async () => jsonResponse({ detail: 'Nope' }, 401), store);
    stubPendingLogin();
    void store.dispatch(login(credentials));
    expect(store.getState().auth).toMatchObject({ loading: true, error: null });
  });

  it('logout resets the state and removes the stored user info', () => {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(sampleUser()));
    const store = makeStore();
    store.dispatch(loggedOut());
    expect(store.getState().auth).toEqual({ userInfo: null, loading: false, error: null });
    expect(localStorage.getItem(USER_INFO_KEY)).toBeNull();
  });

  it('uses `token`, or `access` from older stored user info, as the bearer token', () => {
    const withToken = makeStore({ auth: { userInfo: sampleUser({ token: 'abc' }), loading: false, error: null } });
    expect(selectSessionToken(withToken.getState())).toBe('abc');
    const legacy = { ...sampleUser(), token: '', access: 'legacy' };
    const withAccess = makeStore({ auth: { userInfo: legacy, loading: false, error: null } });
    expect(selectSessionToken(withAccess.getState())).toBe('legacy');
  });
});
