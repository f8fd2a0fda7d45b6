/**
 * The session lasts while its refresh token is valid. A call answered 401 (in the cloud, API
 * Gateway's authorizer: `{"message":"Unauthorized"}`) is retried once after POST /api/users/refresh/; a
 * token expired or about to expire is refreshed first; only a refused refresh ends the session with the
 * spec's "Session expired - please log in again".
 */
import { describe, expect, it, vi } from 'vitest';
import { studentsApi } from './students';
import { loggedOut } from '../session/authSlice';
import { USER_INFO_KEY } from '../session/userInfoStorage';
import { jsonResponse, makeStore, requestUrl, sampleUser, signedIn } from '../../testing/test-utils';
import { selectCurrentToast } from '../toast/toastSlice';

const EXPIRED = { error: 'Token is invalid or expired', detail: 'Given token not valid for any token type', code: 'token_not_valid' };
/** API Gateway's JWT authorizer refusing the token before our Lambda runs. */
const gatewayUnauthorized = () =>
  new Response(JSON.stringify({ message: 'Unauthorized' }), {
    status: 401,
    headers: { 'Content-Type': 'application/json', 'www-authenticate': 'Bearer error="invalid_token" error_description="the token has expired"' },
  });
const REFRESH_REFUSED = { error: 'Your refresh token is invalid, expired or revoked. Please log in again.', detail: 'x' };

/** A token the SPA can read `exp` from (the signature is the server's business). */
const jwt = (secondsLeft: number) => `eyJhbGciOiJSUzI1NiJ9.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + secondsLeft })).replace(/=+$/, '')}.sig`;

interface Seen {
  method: string;
  path: string;
  bearer: string | null;
  body: unknown;
}

/** `fetch` answering per "METHOD /path" (a function gets the call); returns the calls seen. */
function stubFetch(answer: (call: Seen) => Response | Promise<Response>): Seen[] {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: unknown, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(requestUrl(input), init);
      const text = await request.clone().text();
      const call = { method: request.method, path: new URL(request.url).pathname, bearer: request.headers.get('Authorization'), body: text ? JSON.parse(text) : undefined };
      seen.push(call);
      return answer(call);
    }),
  );
  return seen;
}

const signedInWith = (token: string) => {
  const user = sampleUser({ token, refresh: 'refresh-1' });
  localStorage.setItem(USER_INFO_KEY, JSON.stringify(user));
  return makeStore(signedIn(user));
};

/**
 * Every toast the store shows from now on, in order. The store keeps only the current one (one slot),
 * so "told once" is counted here: a second toast with the same text would replace the first unseen.
 */
function toastsShown(store: ReturnType<typeof makeStore>) {
  const shown: Array<{ id: string; message: string; severity: string }> = [];
  store.subscribe(() => {
    const toast = selectCurrentToast(store.getState());
    if (toast && shown.at(-1)?.id !== toast.id) shown.push(toast);
  });
  return shown;
}
const record = { username: 'student', program: 'Practical Nursing Diploma' };

describe('a session that outlives its access token', () => {
  it.each([
    ['API Gateway: {"message":"Unauthorized"} with www-authenticate', gatewayUnauthorized],
    ['our Lambda: {"error":"Authentication required"}', () => jsonResponse({ error: 'Authentication required', detail: 'Authentication required' }, 401)],
    ['a token_not_valid body', () => jsonResponse(EXPIRED, 401)],
    ['a body that is not JSON', () => new Response('Unauthorized', { status: 401, headers: { 'Content-Type': 'text/plain' } })],
  ])('treats any 401 on a signed-in call as the session (%s): one refresh, the call retried, still signed in', async (_name, refusal) => {
    const calls = stubFetch(({ method, path, bearer }) => {
      if (method === 'POST' && path === '/api/users/refresh/') return jsonResponse(sampleUser({ token: 'new-token', refresh: 'refresh-1', is_staff: true }));
      return bearer === 'Bearer new-token' ? jsonResponse(record) : refusal();
    });
    const store = signedInWith('old-token');

    const result = await store.dispatch(studentsApi.endpoints.getStudent.initiate('student'));

    expect(result.data).toEqual(record);
    expect(calls.map((c) => `${c.method} ${c.path} ${c.bearer ?? ''}`.trim())).toEqual([
      'GET /api/students/student/ Bearer old-token',
      'POST /api/users/refresh/',
      'GET /api/students/student/ Bearer new-token',
    ]);
    expect(calls[1]!.body).toEqual({ username: 'student', refresh: 'refresh-1' });
    // the new token, and the roles it carries now, replace the old user info, in local storage too
    expect(store.getState().auth.userInfo).toMatchObject({ token: 'new-token', is_staff: true });
    expect(JSON.parse(localStorage.getItem(USER_INFO_KEY)!)).toMatchObject({ token: 'new-token', refresh: 'refresh-1' });
    expect(selectCurrentToast(store.getState())).toBeNull();
  });

  it('refreshes once for parallel calls refused by API Gateway, and on a refused refresh tells the user once and logs out', async () => {
    const calls = stubFetch(({ path }) => (path === '/api/users/refresh/' ? jsonResponse(REFRESH_REFUSED, 401) : gatewayUnauthorized()));
    const store = signedInWith('old-token');
    const shown = toastsShown(store);
    await Promise.all(['a', 'b', 'c'].map((u) => store.dispatch(studentsApi.endpoints.getStudent.initiate(u))));
    expect(calls.filter((c) => c.path === '/api/users/refresh/')).toHaveLength(1);
    expect(calls).toHaveLength(4); // three calls, one refresh, no retry without a token
    expect(store.getState().auth.userInfo).toBeNull();
    expect(localStorage.getItem(USER_INFO_KEY)).toBeNull();
    expect(shown).toEqual([expect.objectContaining({ message: 'Session expired - please log in again', severity: 'error' })]);
  });

  it('shows "Session expired - please log in again" and logs out when the refresh is refused', async () => {
    const calls = stubFetch(({ path }) => jsonResponse(path === '/api/users/refresh/' ? REFRESH_REFUSED : EXPIRED, 401));
    const store = signedInWith('old-token');

    await store.dispatch(studentsApi.endpoints.getStudent.initiate('student'));

    expect(calls.map((c) => c.path)).toEqual(['/api/students/student/', '/api/users/refresh/']);
    expect(store.getState().auth.userInfo).toBeNull();
    expect(localStorage.getItem(USER_INFO_KEY)).toBeNull();
    expect(selectCurrentToast(store.getState())).toMatchObject({ message: 'Session expired - please log in again', severity: 'error' });
  });

  it('retries only once: a call refused again after a refresh ends the session', async () => {
    const calls = stubFetch(({ path }) => (path === '/api/users/refresh/' ? jsonResponse(sampleUser({ token: 'new-token' })) : jsonResponse(EXPIRED, 401)));
    const store = signedInWith('old-token');
    const shown = toastsShown(store);
    await store.dispatch(studentsApi.endpoints.getStudent.initiate('student'));
    expect(calls.map((c) => c.path)).toEqual(['/api/students/student/', '/api/users/refresh/', '/api/students/student/']);
    expect(store.getState().auth.userInfo).toBeNull();
    expect(shown).toHaveLength(1);
  });

  it('refreshes once for several calls that meet the expired token together, and tells the user once if it fails', async () => {
    let refreshes = 0;
    stubFetch(({ path, bearer }) => {
      if (path === '/api/users/refresh/') return (refreshes++, jsonResponse(sampleUser({ token: 'new-token' })));
      return bearer === 'Bearer new-token' ? jsonResponse({ ...record, username: path.split('/')[3] }) : jsonResponse(EXPIRED, 401);
    });
    const store = signedInWith('old-token');
    const results = await Promise.all(['a', 'b', 'c'].map((u) => store.dispatch(studentsApi.endpoints.getStudent.initiate(u))));
    expect(results.map((r) => r.data?.username)).toEqual(['a', 'b', 'c']);
    expect(refreshes).toBe(1);

    stubFetch(() => jsonResponse(EXPIRED, 401));
    const failing = signedInWith('old-token');
    const shown = toastsShown(failing);
    await Promise.all(['d', 'e'].map((u) => failing.dispatch(studentsApi.endpoints.getStudent.initiate(u))));
    expect(shown.map((t) => t.message)).toEqual(['Session expired - please log in again']);
  });

  it('refreshes a token about to expire before the call, so the call never meets a 401', async () => {
    const fresh = jwt(3600);
    const calls = stubFetch(({ path }) => (path === '/api/users/refresh/' ? jsonResponse(sampleUser({ token: fresh })) : jsonResponse(record)));
    const store = signedInWith(jwt(30));
    await store.dispatch(studentsApi.endpoints.getStudent.initiate('student'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/users/refresh/', 'GET /api/students/student/']);
    expect(calls[1]!.bearer).toBe(`Bearer ${fresh}`);
  });

  it('refreshes a token already past its exp by this clock before the call, which carries the new token', async () => {
    const fresh = jwt(3600);
    const calls = stubFetch(({ path, bearer }) => {
      if (path === '/api/users/refresh/') return jsonResponse(sampleUser({ token: fresh }));
      return bearer === `Bearer ${fresh}` ? jsonResponse(record) : gatewayUnauthorized();
    });
    const store = signedInWith(jwt(-600));
    const result = await store.dispatch(studentsApi.endpoints.getStudent.initiate('student'));
    expect(result.data).toEqual(record);
    expect(calls.map((c) => `${c.method} ${c.path} ${c.bearer ?? ''}`.trim())).toEqual(['POST /api/users/refresh/', `GET /api/students/student/ Bearer ${fresh}`]);
    expect(selectCurrentToast(store.getState())).toBeNull();
  });

  it('does not refresh ahead while the token has time left, nor when its exp cannot be read', async () => {
    for (const token of [jwt(3600), 'not-a-jwt']) {
      const calls = stubFetch(() => jsonResponse(record));
      await signedInWith(token).dispatch(studentsApi.endpoints.getStudent.initiate('student'));
      expect(
        calls.map((c) => c.path),
        token,
      ).toEqual(['/api/students/student/']);
    }
  });

  it('refreshes only once for an expired token whose refresh is refused, then ends the session', async () => {
    const calls = stubFetch(({ path }) => (path === '/api/users/refresh/' ? jsonResponse(REFRESH_REFUSED, 401) : gatewayUnauthorized()));
    const store = signedInWith(jwt(-600));
    const shown = toastsShown(store);
    await store.dispatch(studentsApi.endpoints.getStudent.initiate('student'));
    // the old token still goes to the server, which may know better than this clock
    expect(calls.map((c) => c.path)).toEqual(['/api/users/refresh/', '/api/students/student/']);
    expect(store.getState().auth.userInfo).toBeNull();
    expect(shown.map((t) => t.message)).toEqual(['Session expired - please log in again']);
  });

  it('leaves a 401 to a call made without a token alone: no refresh, no toast', async () => {
    const calls = stubFetch(() => gatewayUnauthorized());
    const store = makeStore();
    const result = await store.dispatch(studentsApi.endpoints.getStudent.initiate('student'));
    expect(result.error).toMatchObject({ status: 401 });
    expect(calls.map((c) => `${c.method} ${c.path} ${c.bearer ?? ''}`.trim())).toEqual(['GET /api/students/student/']);
    expect(selectCurrentToast(store.getState())).toBeNull();
  });

  it('keeps a logout that happened while a refresh was on its way', async () => {
    let answerRefresh: ((r: Response) => void) | null = null;
    stubFetch(({ path }) => (path === '/api/users/refresh/' ? new Promise<Response>((resolve) => (answerRefresh = resolve)) : jsonResponse(EXPIRED, 401)));
    const store = signedInWith('old-token');
    const pending = store.dispatch(studentsApi.endpoints.getStudent.initiate('student'));
    await vi.waitFor(() => expect(answerRefresh).not.toBeNull());
    store.dispatch(loggedOut());
    answerRefresh!(jsonResponse(sampleUser({ token: 'new-token' })));
    await pending;
    expect(store.getState().auth.userInfo).toBeNull();
    expect(localStorage.getItem(USER_INFO_KEY)).toBeNull();
  });
});
