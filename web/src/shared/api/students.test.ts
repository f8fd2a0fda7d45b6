import { describe, expect, it, vi } from 'vitest';
import { selectCurrentToast } from '../toast/toastSlice';
import { USER_INFO_KEY } from '../session/userInfoStorage';
import { jsonResponse, makeStore, requestUrl, sampleUser, signedIn } from '../../testing/test-utils';
import { studentsApi } from './students';

const student = { username: 'student', program: 'Practical Nursing Diploma' };

describe('API calls through the session base query', () => {
  it('sends the bearer token to the runtime-configured base', async () => {
    const fetchMock = vi.fn(async (_input: unknown) => jsonResponse(student));
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore(signedIn(sampleUser({ token: 'tok-1' })));

    const result = await store.dispatch(studentsApi.endpoints.getStudent.initiate('student'));

    expect(result.data).toEqual(student);
    const request = fetchMock.mock.calls[0][0] as Request;
    expect(requestUrl(request)).toBe(`${window.location.origin}/api/students/student/`);
    expect(request.headers.get('Authorization')).toBe('Bearer tok-1');
  });

  it('on a rejected token: toast "Session expired - please log in again" and log out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, 401)),
    );
    const user = sampleUser();
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(user));
    const store = makeStore(signedIn(user));

    await store.dispatch(studentsApi.endpoints.getStudent.initiate('student'));

    expect(store.getState().auth.userInfo).toBeNull();
    expect(localStorage.getItem(USER_INFO_KEY)).toBeNull();
    expect(selectCurrentToast(store.getState())).toMatchObject({
      message: 'Session expired - please log in again',
      severity: 'error',
    });
  });

  it('leaves the session alone on other errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'Student not found' }, 404)),
    );
    const store = makeStore(signedIn());
    const result = await store.dispatch(studentsApi.endpoints.getStudent.initiate('nobody'));
    expect(result.error).toMatchObject({ status: 404 });
    expect(store.getState().auth.userInfo).not.toBeNull();
    expect(selectCurrentToast(store.getState())).toBeNull();
  });
});
