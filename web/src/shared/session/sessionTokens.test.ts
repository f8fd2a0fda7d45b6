import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, requestUrl, sampleUser } from '../../testing/test-utils';
import { refreshUserInfo, revokeRefreshToken, secondsLeft } from './sessionTokens';

const posted = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.map(([url, init]) => ({ url: requestUrl(url), body: JSON.parse((init as RequestInit).body as string) }));

describe('session calls', () => {
  it('refreshes with the username and refresh token of the user info', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(sampleUser({ token: 'new' })));
    vi.stubGlobal('fetch', fetchMock);
    expect(await refreshUserInfo(sampleUser({ refresh: 'r-1' }))).toMatchObject({ token: 'new' });
    expect(posted(fetchMock)).toEqual([{ url: `${window.location.origin}/api/users/refresh/`, body: { username: 'student', refresh: 'r-1' } }]);
  });

  it('answers null when the refresh is refused, fails, or there is no refresh token to use', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'revoked' }, 401)),
    );
    expect(await refreshUserInfo(sampleUser())).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await refreshUserInfo(sampleUser())).toBeNull();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await refreshUserInfo(sampleUser({ refresh: '' }))).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('revokes the refresh token at logout, and swallows a failure', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    revokeRefreshToken('r-1');
    revokeRefreshToken(undefined);
    await Promise.resolve();
    expect(posted(fetchMock)).toEqual([{ url: `${window.location.origin}/api/users/logout/`, body: { refresh: 'r-1' } }]);
  });

  it("reads the seconds left from the token's exp", () => {
    const payload = (claims: unknown) => btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const now = 1_800_000_000_000;
    expect(secondsLeft(`h.${payload({ exp: 1_800_000_090, sub: 'ü?>' })}.s`, now)).toBe(90);
    expect(secondsLeft(`h.${payload({ exp: 1_799_999_990 })}.s`, now)).toBe(-10);
    for (const bad of ['', 'a.b.c', `h.${payload({ exp: 'soon' })}.s`, `h.${payload({})}.s`]) expect(secondsLeft(bad, now)).toBeNull();
  });
});
