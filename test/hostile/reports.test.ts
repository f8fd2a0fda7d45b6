/** Hostile input on the audit log and the dashboard: filters with junk, dates in any order, cursors outside the range. The world and the runner: ./world.ts. */
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { badCursor, hostileQuery, junkString } from '../security/hostile.js';
import { admin, req, readOnlyGet, isPage, hostileRouteTests, useHostileWorld } from './world.js';

useHostileWorld();

// GET /api/audit/: its filters with junk, dates in any order and spans, cursors naming positions outside the range
const auditCursor = fc.oneof(
  badCursor,
  fc
    .oneof(
      junkString,
      fc.constantFrom(
        '1999-01-01T00:00:00.000Z#00000000-0000-4000-8000-000000000000',
        '9999-12-31T23:59:59.999Z#00000000-0000-4000-8000-000000000000',
        '2026-01-01T00:00:00.000Z#not-a-uuid',
        '2026-01-01#x',
        'AUDIT#2026-01-01',
      ),
    )
    .map((after) => Buffer.from(JSON.stringify({ after })).toString('base64url')),
);
const auditQuery: fc.Arbitrary<Record<string, string>> = fc.oneof(
  hostileQuery(['actor', 'action', 'from', 'to']),
  fc.record(
    {
      actor: fc.oneof(junkString, fc.constant(admin.username)),
      action: fc.oneof(junkString, fc.constantFrom('course.create', 'COURSE.CREATE', 'student.read', 'a'.repeat(65), 'x y', '.read', 'course.*')),
      from: fc.constantFrom('2026-01-01', '2025-11-30', '2026-02-30', '1999-01-01', '2026/01/01', ''),
      to: fc.constantFrom('2026-01-31', '2026-02-01', '2025-12-31', '9999-12-31', 'today'),
      limit: fc.constantFrom('0', '201', '-1', '1.5', 'all', '50'),
      cursor: auditCursor,
    },
    { requiredKeys: [] },
  ),
);

describe('hostile input on the reports routes', () => {
  hostileRouteTests('reports', {
    'dashboard-summary': () => readOnlyGet((res) => expect(res.body).toMatchObject({ documents: expect.any(Object), money: expect.any(Object), cohorts: expect.any(Array) })),
    'audit-list': () => ({ caller: admin, request: req({ query: auditQuery }), ok: isPage }),
  });
});
