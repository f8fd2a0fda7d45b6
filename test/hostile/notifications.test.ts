/** Hostile input on the notification routes: inbox ids and cursors, preferences, announcements each with at least one fatal defect. The world and the runner: ./world.ts. */
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { blank, DELETE, hostileJsonBody, hostileQuery, junkString, notBoolean, notOneOf, notString, tooLong } from '../security/hostile.js';
import { admin, params, req, required, isPage, hostileRouteTests, useHostileWorld, student } from './world.js';

useHostileWorld();

const preferences = fc.constant({ announcement: 'in_app', reminder: 'email' });
const preferenceDefects = {
  announcement: required(fc.oneof(notOneOf(['email', 'in_app']), notString, blank)),
  reminder: required(fc.oneof(notOneOf(['email', 'in_app']), notString, blank)),
};

// a valid announcement to the hostile world's student, in-app only, that each generated body breaks at least once
const announcement = fc.constant({ subject: 'Orientation', body: 'Bring your badge.', audience: 'students', usernames: [student.username], send_email: false });
const announcementDefects = {
  subject: required(fc.oneof(blank, tooLong(150), notString)),
  body: required(fc.oneof(blank, tooLong(10_000), notString)),
  audience: required(fc.oneof(notOneOf(['general', 'program_type', 'cohort', 'students']), notString)),
  usernames: fc.oneof(
    fc.constant(DELETE),
    fc.constant([]),
    fc.array(fc.oneof(blank, notString, tooLong(128)), { minLength: 1, maxLength: 3 }),
    fc
      .array(
        junkString.filter((s) => s.trim() !== '' && s.trim().length <= 128),
        { minLength: 1, maxLength: 3 },
      )
      .map((names) => names.map((n) => `nobody-${n}`)),
    fc.constant(Array.from({ length: 501 }, (_, i) => `s${i}`)),
    notString,
  ),
  send_email: required(notBoolean),
  send_at: fc.oneof(fc.constantFrom('tomorrow', '2031-01-01', '2031-13-01T00:00:00Z', '9999-12-31T23:59:59Z', '2030-01-01T00:00:00', 20310101, true), junkString),
};

describe('hostile input on the notification routes', () => {
  hostileRouteTests('notifications', {
    'notifications-list': () => ({
      caller: admin,
      request: req({ query: hostileQuery(['limit', 'cursor']) }),
      ok: (res) => expect(res.body).toMatchObject({ results: expect.any(Array), unread_count: expect.any(Number) }),
    }),
    // no notice of the caller's is ever named: junk ids are 400, well-formed unknown ones 404
    'notifications-read': () => ({ caller: admin, request: req({ pathParameters: params('id', ['20260101T000000000Z-abcdef12']) }) }),
    'notifications-read-all': () => ({ caller: admin, request: req({}), ok: (res) => expect(res.body).toEqual({ unread_count: 0 }) }),
    'notification-preferences-get': () => ({ caller: admin, request: req({}), ok: (res) => expect(Object.keys(res.body).sort()).toEqual(['announcement', 'reminder']) }),
    'notification-preferences-put': () => ({ caller: admin, request: req({ body: hostileJsonBody({ base: preferences, defects: preferenceDefects }) }) }),
    'announcements-create': () => ({ caller: admin, request: req({ body: hostileJsonBody({ base: announcement, defects: announcementDefects }) }) }),
    'announcements-list': () => ({ caller: admin, request: req({ query: hostileQuery(['limit', 'cursor']) }), ok: isPage }),
  });
});
