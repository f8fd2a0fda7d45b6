/** Hostile input on the sign-in routes: bodies with made-up sessions and codes, names no one has, tokens no one issued. The world and the runner: ./world.ts. */
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { blank, hostileJsonBody, junkString, notString, tooLong } from '../security/hostile.js';
import { tag, admin, student, params, req, junkNot, required, badUsername, hostileRouteTests, useHostileWorld } from './world.js';

useHostileWorld();

// TOTP codes and the sign-in steps that carry them
const badTotpCode = fc.oneof(notString, blank, fc.constantFrom('12345', '1234567', 'abcdef', '12 456', '١٢٣٤٥٦', '-12345', '1e5000'), junkNot(/^\d{6}$/));
const mfaStepBody = (kind: string) =>
  hostileJsonBody({
    base: fc.uuid().map((u) => ({ username: `${tag}-nobody-${u.slice(0, 6)}`, session: `${kind}-session-${u}`, code: '123456' })),
    defects: {
      username: badUsername(),
      session: required(fc.oneof(notString, fc.constant(''), tooLong(4096), junkString)),
      code: required(badTotpCode),
    },
  });

describe('hostile input on the users routes', () => {
  hostileRouteTests('users', {
    'users-login': () => ({
      caller: undefined,
      request: req({
        body: hostileJsonBody({
          base: fc.uuid().map((u) => ({ username: `${tag}-nobody-${u.slice(0, 6)}`, password: 'Wrong!pass12' })),
          defects: { username: badUsername(), password: required(fc.oneof(notString, fc.constant(''), tooLong(256), junkString)) },
        }),
      }),
    }),
    'users-new-password': () => ({
      caller: undefined,
      request: req({
        body: hostileJsonBody({
          base: fc.uuid().map((u) => ({ username: `${tag}-ghost-${u.slice(0, 6)}`, session: `session-${u}`, new_password: 'Chosen!Pass6789' })),
          defects: {
            // never the name of an existing account: a session for it would be refused anyway (lib/local/cognito-session-guard.ts), but a bug there must not change a real password
            username: badUsername(junkString.map((s) => `${tag}-${s}`)),
            session: required(fc.oneof(notString, fc.constant(''), tooLong(4096))),
            new_password: required(fc.oneof(notString, fc.constantFrom('', 'short', 'seven77'), tooLong(256))),
          },
        }),
      }),
    }),
    'users-refresh': () => ({
      caller: undefined,
      request: req({
        body: hostileJsonBody({
          base: fc.uuid().map((u) => ({ username: `${tag}-nobody-${u.slice(0, 6)}`, refresh: `not-a-refresh-token-${u}` })),
          defects: { username: badUsername(), refresh: required(fc.oneof(notString, fc.constant(''), tooLong(8192), junkString)) },
        }),
      }),
    }),
    'users-logout': () => ({
      caller: undefined,
      request: req({
        body: hostileJsonBody({
          base: fc.uuid().map((u) => ({ refresh: `not-a-refresh-token-${u}` })),
          defects: { refresh: required(fc.oneof(notString, fc.constant(''), tooLong(8192), junkString)) },
        }),
      }),
      // a string no one issued has nothing to revoke: logout is idempotent and says so
      ok: (res) => expect(res.body).toEqual({ detail: 'Logged out' }),
    }),
    // the second steps of a sign-in, with sessions no one issued (a made-up enrolment or challenge never signs in)
    'users-mfa': () => ({ caller: undefined, request: req({ body: mfaStepBody('mfa') }) }),
    'users-mfa-setup': () => ({ caller: undefined, request: req({ body: mfaStepBody('enrol') }) }),
    // no bearer token of the caller's own: Cognito is never asked (401), whatever the body
    'users-totp-start': () => ({ caller: student, request: req({}) }),
    'users-totp-verify': () => ({ caller: student, request: req({ body: hostileJsonBody({ base: fc.constant({ code: '123456' }), defects: { code: required(badTotpCode) } }) }) }),
    'users-mfa-reset': () => ({
      caller: admin,
      request: req({ pathParameters: params('username') }),
      // a name with no TOTP to reset: nothing changes, and it says so
      ok: (res) => expect(res.body).toMatchObject({ reset: false, mfa_enabled: false }),
    }),
    // a made-up name has no sign-in (404) and nothing is recorded
    'users-sign-out-everywhere': () => ({ caller: admin, request: req({ pathParameters: params('username') }) }),
  });
});
