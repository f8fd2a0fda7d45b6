import { describe, expect, it } from 'vitest';
import { CHALLENGE_SESSION_MS, ChallengeSessions } from './cognito-session-guard.js';

describe('ChallengeSessions (NEW_PASSWORD_REQUIRED sessions, as Cognito binds them)', () => {
  it('accepts a session only for the user and client it was issued for', () => {
    const sessions = new ChallengeSessions();
    sessions.issued('s1', 'Nia.Long', 'client-a');
    expect(sessions.accepts('s1', 'nia.long', 'client-a')).toBe(true);
    expect(sessions.accepts('s1', 'someone.else', 'client-a')).toBe(false);
    expect(sessions.accepts('s1', 'nia.long', 'client-b')).toBe(false);
    expect(sessions.accepts('made-up', 'nia.long', 'client-a')).toBe(false);
  });

  it('accepts it once, and not after three minutes', () => {
    let now = 1_000;
    const sessions = new ChallengeSessions(() => now);
    sessions.issued('s1', 'nia', 'c');
    sessions.issued('s2', 'nia', 'c');
    sessions.used('s1');
    expect(sessions.accepts('s1', 'nia', 'c')).toBe(false);
    now += CHALLENGE_SESSION_MS - 1;
    expect(sessions.accepts('s2', 'nia', 'c')).toBe(true);
    now += 1;
    expect(sessions.accepts('s2', 'nia', 'c')).toBe(false);
  });
});

describe('ChallengeSessions (SOFTWARE_TOKEN_MFA sessions)', () => {
  it('accepts a TOTP session only for the challenge it was issued for', () => {
    const sessions = new ChallengeSessions();
    sessions.issued('t1', 'admin.one', 'c', 'SOFTWARE_TOKEN_MFA');
    expect(sessions.accepts('t1', 'Admin.One', 'c', 'SOFTWARE_TOKEN_MFA')).toBe(true);
    // not as a new-password session (which would set the password of an account with TOTP on)
    expect(sessions.accepts('t1', 'admin.one', 'c', 'NEW_PASSWORD_REQUIRED')).toBe(false);
    expect(sessions.accepts('t1', 'admin.one', 'c')).toBe(false);
    expect(sessions.accepts('t1', 'admin.two', 'c', 'SOFTWARE_TOKEN_MFA')).toBe(false);
  });

  it('expires it after three minutes, and accepts it once', () => {
    let now = 0;
    const sessions = new ChallengeSessions(() => now);
    sessions.issued('t1', 'a', 'c', 'SOFTWARE_TOKEN_MFA');
    now = CHALLENGE_SESSION_MS;
    expect(sessions.accepts('t1', 'a', 'c', 'SOFTWARE_TOKEN_MFA')).toBe(false);
    sessions.issued('t2', 'a', 'c', 'SOFTWARE_TOKEN_MFA');
    sessions.used('t2');
    expect(sessions.accepts('t2', 'a', 'c', 'SOFTWARE_TOKEN_MFA')).toBe(false);
  });
});
