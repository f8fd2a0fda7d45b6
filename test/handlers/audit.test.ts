/**
 * The audit log against DynamoDB Local: every change route writes an entry, every staff
 * read of another person's student record writes one (and a student reading their own does not),
 * a read is not served when its entry cannot be written, and GET /api/audit/ lists entries newest
 * first by user, action and days, in cursor pages.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as listAudit } from '../../lambdas/functions/audit/list.js';
import { handler as cohortRoster } from '../../lambdas/functions/cohorts/students.js';
import { handler as listPayments } from '../../lambdas/functions/payments/list.js';
import { handler as getStudent } from '../../lambdas/functions/students/get.js';
import { handler as listStudents } from '../../lambdas/functions/students/list.js';
import { handler as complianceStudent } from '../../lambdas/functions/compliance/student.js';
import { handler as studentPayments } from '../../lambdas/functions/students/payments.js';
import { routes, type RouteDef, type RouteId } from '../../lambdas/routes.js';
import { auditItem } from '../../lambdas/store/audit.js';
import { db, TABLE_NAME } from '../../lambdas/store/dynamo.js';
import { REQUESTS, type CellRequest, type MatrixWorld, type Who } from '../security/authorization-matrix.js';
import { auditEntriesBy } from './support/audit-entries.js';
import { withAuditWritesRefused } from './support/audit-fault.js';
import { randomCohort } from './support/cohorts.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import { createStudentRecord, uniqueName } from './support/fixtures.js';
import { buildMatrixWorld, call } from './support/matrix-world.js';
import type { AuditAction } from '../../lambdas/contract/audit-actions.js';

type Entry = Record<string, any>;

const staffOf = (role: 'staff' | 'finance' | 'admin'): Caller => ({ username: uniqueName(`audit-${role}`), roles: [role] });

/**
 * Routes that change something without an entry of their own, and why. Every other route that is
 * not a GET must write one (walked below), so a new change route without an entry fails here.
 */
const NOT_AUDITED: Partial<Record<RouteId, string>> = {
  'users-login': 'a person signing in to their own account (failed sign-ins are a metric, see observability)',
  'users-new-password': 'a person choosing their own password on first sign-in',
  'users-refresh': 'a session renewing itself',
  'users-logout': 'a person ending their own session',
  'payments-webhook': "Stripe's signed events change the ledger, each kept as an applied-event marker; no person acts",
  'documents-upload-url': "presigns an upload into the caller's own prefix and stores nothing; the document it becomes is audited (document.create)",
  'students-import': 'queues the file; each student the import job creates is audited as today, student.create by the admin who imported',
  'users-mfa': 'the second step (TOTP code) of a person signing in to their own account, like users-login',
  'users-mfa-setup': 'a person setting up their own authenticator app while signing in (failed codes are LoginFailures)',
  'users-totp-start': "starts a student's own authenticator setup; nothing changes until the code is verified",
  'users-totp-verify': "a student turning on two-step sign-in for their own account; only another person's change (users-mfa-reset) is audited",
  'notifications-read': 'a person marking their own notice read',
  'notifications-read-all': 'a person marking their own notices read',
  'notification-preferences-put': 'a person choosing which of their own notices are emailed',
  'compliance-upload-url': "presigns an upload into the caller's own prefix and stores nothing; the submission it becomes is audited (compliance.submit)",
  'payment-methods-setup-intent':
    "starts saving a card or bank account at Stripe (the student's Stripe Customer is kept on their profile); the plan that uses it is audited (payment-plan.create), and a removal is (payment-method.remove)",
  'payment-plans-pay-now':
    "a student paying their own plan's payment: the money is recorded from Stripe's verified event (payments-webhook) as every payment is, and the attempt is kept on the plan",
};

/**
 * Requests of the walk below where the matrix's cell writes nothing: its plan cells preview a plan. The walk starts
 * a real one, for a student of its own who owes on the world's program.
 */
const WALK_REQUESTS: Partial<Record<RouteId, (w: MatrixWorld) => Promise<CellRequest>>> = {
  'students-payment-plans-create': async (w) => {
    const student = await createStudentRecord({
      enrollments: [{ programType: w.program.type, programId: w.program.id, programName: 'Matrix Program', nextDueDate: null, enrolledAt: '2026-09-01T00:00:00.000Z' }],
      entries: [{ entryId: 'c1', kind: 'charge', programType: w.program.type, programId: w.program.id, amountCents: 90_000, createdAt: '2026-09-01T00:00:00.000Z' }],
    });
    return {
      pathParameters: { username: student.username },
      body: {
        program_type: w.program.type,
        program_id: w.program.id,
        template_id: await w.fresh.planTemplate(),
        typed_name: 'Test Student',
        accept_agreement: true,
        autopay: false,
      },
    };
  },
};

/** The action a change route must record, where a route's own action is pinned (the clinical placements). */
const ACTION_OF: Partial<Record<RouteId, string>> = {
  'clinical-sites-create': 'clinical-site.create',
  'clinical-sites-update': 'clinical-site.update',
  'clinical-sites-delete': 'clinical-site.delete',
  'rotations-create': 'rotation.create',
  'rotations-update': 'rotation.update',
  'rotations-delete': 'rotation.delete',
  'rotations-assign': 'rotation.assign',
  'rotations-unassign': 'rotation.unassign',
  'rotations-share': 'rotation.roster.share',
};

/** The authorization matrix's world and callers, of the calling describe block's own (built before its tests). */
function ownMatrixWorld() {
  const built = {} as { world: MatrixWorld; callers: Record<Who, Caller | undefined> };
  beforeAll(async () => {
    Object.assign(built, await buildMatrixWorld());
  }, 120_000);
  return built;
}

describe('every change route writes an audit entry', () => {
  const mx = ownMatrixWorld();

  it('lists only real routes as not audited', () => {
    const ids = routes.map((r) => r.id as string);
    expect(Object.keys(NOT_AUDITED).filter((id) => !ids.includes(id))).toEqual([]);
  });

  const changes = (routes as readonly RouteDef[]).filter((r) => r.method !== 'GET' && !(r.id in NOT_AUDITED));
  it.each(changes.map((r) => [r.id, r] as const))(
    '%s',
    async (_id, route) => {
      // the most privileged caller the route allows; acknowledging is a student's own act, audited as theirs
      const who: Who = route.access !== 'public' && route.access !== 'signed-in' && !route.access.includes('admin') ? 'studentOwn' : 'admin';
      const actor = mx.callers[who]!.username;
      // built first: a request may need fresh things (a course to update), made by the same admin
      const request = await (WALK_REQUESTS[route.id as RouteId]?.(mx.world) ?? REQUESTS[route.id as RouteId](mx.world, who));
      const before = (await auditEntriesBy(actor)).length;
      const startedAt = new Date().toISOString();
      const res = await call(route.id as RouteId, mx.callers[who], request);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      const after = await auditEntriesBy(actor);
      expect(after.length, `${route.id} wrote no audit entry`).toBeGreaterThan(before);
      // a thing's name may be hyphenated (clinical-site.create), as GET /api/audit/'s action filter allows
      expect(after[0]).toMatchObject({ actor, action: expect.stringMatching(/^[a-z]+(-[a-z]+)*(\.[a-z]+)+$/), entityType: expect.any(String), entityId: expect.any(String) });
      if (ACTION_OF[route.id as RouteId]) expect(after[0]!.action).toBe(ACTION_OF[route.id as RouteId]);
      expect(after[0]!.at >= startedAt).toBe(true);
      // named in words when written: never a bare record id
      expect(after[0]!.subject).toMatch(new RegExp(`^${after[0]!.entityType} \\S`));
      expect(after[0]!.subject).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
      expect(after[0]!.action).not.toMatch(/\.read$/);
    },
    60_000,
  );
});

describe("reads of another person's student record", () => {
  let username: string;
  let cohortId: string;
  beforeAll(async () => {
    cohortId = (await randomCohort('audit-setup', { programName: 'Audit cohort', firstYear: 4000, years: 900 })).id;
    username = (await createStudentRecord({ profile: { cohortId } })).username;
  });

  it('a staff, finance or admin read of a record is recorded (who, whose, when) before it is served', async () => {
    for (const role of ['staff', 'finance', 'admin'] as const) {
      const reader = staffOf(role);
      const startedAt = new Date().toISOString();
      const res = await invoke(getStudent, apiEvent('students-get', { caller: reader, pathParameters: { username } }));
      expect(res.status).toBe(200);
      const entries = await auditEntriesBy(reader.username);
      expect(entries).toEqual([expect.objectContaining({ actor: reader.username, action: 'student.read', entityType: 'student', entityId: username })]);
      expect(entries[0]!.at >= startedAt && entries[0]!.at <= new Date().toISOString()).toBe(true);
    }
  });

  it('a student reading their own record or receipts is not recorded', async () => {
    const self: Caller = { username };
    expect((await invoke(getStudent, apiEvent('students-get', { caller: self, pathParameters: { username } }))).status).toBe(200);
    expect((await invoke(studentPayments, apiEvent('students-payments', { caller: self, pathParameters: { username } }))).status).toBe(200);
    expect(await auditEntriesBy(username)).toEqual([]);
  });

  it('a refused or failed read records nothing', async () => {
    const reader = staffOf('staff');
    const other: Caller = { username: uniqueName('audit-other-student') };
    expect((await invoke(getStudent, apiEvent('students-get', { caller: other, pathParameters: { username } }))).status).toBe(403);
    expect((await invoke(getStudent, apiEvent('students-get', { caller: reader, pathParameters: { username: uniqueName('nobody') } }))).status).toBe(404);
    expect((await invoke(cohortRoster, apiEvent('cohorts-students', { caller: reader, pathParameters: { id: uniqueName('no-cohort') } }))).status).toBe(404);
    expect((await invoke(studentPayments, apiEvent('students-payments', { caller: reader, pathParameters: { username }, query: { limit: '0' } }))).status).toBe(400);
    expect(await auditEntriesBy(reader.username)).toEqual([]);
    expect(await auditEntriesBy(other.username)).toEqual([]);
  });

  it('receipts, rosters, the student list and the finance ledger each record one entry naming the students shown', async () => {
    const finance = staffOf('finance');
    expect((await invoke(studentPayments, apiEvent('students-payments', { caller: finance, pathParameters: { username } }))).status).toBe(200);
    expect((await invoke(listPayments, apiEvent('payments-list', { caller: finance, query: { username } }))).status).toBe(200);
    const staff = staffOf('staff');
    const roster = await invoke(cohortRoster, apiEvent('cohorts-students', { caller: staff, pathParameters: { id: cohortId } }));
    expect(roster.body.map((s: { username: string }) => s.username)).toEqual([username]);
    expect((await invoke(listStudents, apiEvent('students-list', { caller: staff, query: { cohort_id: cohortId } }))).status).toBe(200);
    expect((await invoke(listStudents, apiEvent('students-list', { caller: staff, query: { search: username, limit: '200' } }))).status).toBe(200);

    expect((await auditEntriesBy(finance.username)).map((e) => [e.action, e.entityId]).sort()).toEqual([
      ['payments.read', username],
      ['student.payments.read', username],
    ]);
    const byStaff = await auditEntriesBy(staff.username);
    expect(byStaff.map((e) => e.action)).toEqual(['students.list.read', 'cohort.roster.read', 'cohort.roster.read']);
    expect(byStaff[1]).toMatchObject({ entityType: 'cohort', entityId: cohortId, detail: { count: 1, students: [username] } });
    expect(byStaff[0]!.detail).toMatchObject({ filters: { search: username } });
  });

  it('fails closed: when the entry cannot be written, the record is not served', async () => {
    const reader = staffOf('staff');
    await withAuditWritesRefused('auditWriteFault', async () => {
      // a 5xx with an error and no record in it (500, or 503 where the error mapper tells throttling apart)
      for (const res of [
        await invoke(getStudent, apiEvent('students-get', { caller: reader, pathParameters: { username } })),
        await invoke(cohortRoster, apiEvent('cohorts-students', { caller: reader, pathParameters: { id: cohortId } })),
      ]) {
        expect(res.status).toBeGreaterThanOrEqual(500);
        expect(Object.keys(res.body)).toEqual(['error']);
        expect(JSON.stringify(res.body)).not.toContain(username);
      }
    });
    expect(await auditEntriesBy(reader.username)).toEqual([]);
  });
});

describe("reads of another person's compliance record (health records)", () => {
  const mx = ownMatrixWorld();

  /** The matrix's own request of a cell, as that cell's caller; answers the entries the caller wrote meanwhile. */
  async function read(id: RouteId, who: Who) {
    const actor = mx.callers[who]!.username;
    const request = await REQUESTS[id](mx.world, who);
    const before = (await auditEntriesBy(actor)).length;
    const startedAt = new Date().toISOString();
    const res = await call(id, mx.callers[who], request);
    const after = await auditEntriesBy(actor);
    return { res, entries: after.slice(0, after.length - before), startedAt };
  }

  /** The entry of a read of the roster of `entityType` `entityId`, in words, that showed student A only. */
  const rosterReadOfStudentA = (action: AuditAction, entityType: 'cohort' | 'rotation', entityId: string) =>
    expect.objectContaining({
      action,
      entityType,
      entityId,
      subject: expect.stringMatching(new RegExp(`^${entityType} \\S`)),
      detail: expect.objectContaining({ count: 1, students: [mx.world.users.studentA.username] }),
    });

  it.each(['staff', 'finance', 'compliance', 'admin'] as const)("a %s read of a student's compliance record is recorded, naming what was shown", async (who) => {
    const { res, entries, startedAt } = await read('compliance-student', who);
    expect(res.status).toBe(200);
    expect(entries).toEqual([
      expect.objectContaining({
        actor: mx.callers[who]!.username,
        action: 'compliance.read',
        entityType: 'student',
        entityId: mx.world.users.studentA.username,
        subject: expect.stringMatching(/^student \S/),
        after: { view: who === 'staff' || who === 'finance' ? 'cleared only' : 'statuses' },
      }),
    ]);
    expect(entries[0]!.at >= startedAt).toBe(true);
  });

  it("a reviewer's preview of a student's file is recorded; the student's own is not", async () => {
    for (const who of ['compliance', 'admin'] as const) {
      const { res, entries } = await read('compliance-file', who);
      expect(res.status).toBe(200);
      expect(entries).toEqual([
        expect.objectContaining({ actor: mx.callers[who]!.username, action: 'compliance.file.read', entityType: 'compliance-submission', entityId: mx.world.submissionA }),
      ]);
      // in words, never a bare record id
      expect(entries[0]!.subject).toContain(mx.world.users.studentA.username);
      expect(entries[0]!.subject).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
    }
    const own = await read('compliance-file', 'studentOwn');
    expect(own.res.status).toBe(200);
    expect(own.entries).toEqual([]);
    const mine = await read('compliance-student', 'studentOwn');
    expect(mine.res.status).toBe(200);
    expect(mine.entries).toEqual([]);
  });

  it('the review queue and the cohort grid each record one entry naming the students shown', async () => {
    for (const who of ['compliance', 'admin'] as const) {
      const queue = await read('compliance-queue', who);
      expect(queue.res.status).toBe(200);
      const shown = [...new Set((queue.res.body.results as Array<{ student: { username: string } }>).map((e) => e.student.username))];
      expect(shown).toContain(mx.world.users.studentA.username);
      expect(queue.entries).toEqual([expect.objectContaining({ action: 'compliance.queue.read', entityType: 'compliance-queue', entityId: 'pending' })]);
      expect([...queue.entries[0]!.detail.students].sort()).toEqual([...shown].sort());

      const grid = await read('cohorts-compliance', who);
      expect(grid.res.status).toBe(200);
      expect(grid.entries).toEqual([rosterReadOfStudentA('cohort.compliance.read', 'cohort', mx.world.cohortA)]);
    }
  });

  it("a rotation's roster (who is cleared, and why not) is recorded as a read naming the students shown; a refused one records nothing", async () => {
    for (const who of ['compliance', 'admin'] as const) {
      const { res, entries } = await read('rotations-roster', who);
      expect(res.status).toBe(200);
      expect(entries).toEqual([rosterReadOfStudentA('rotation.roster.read', 'rotation', mx.world.rotation)]);
    }
    const refused = await read('rotations-roster', 'staff');
    expect(refused.res.status).toBe(403);
    expect(refused.entries).toEqual([]);
  });

  it('a refused read of health records records nothing', async () => {
    const refusals: Array<[RouteId, Who]> = [
      ['compliance-student', 'studentOther'],
      ['compliance-file', 'studentOther'],
      ['compliance-file', 'staff'],
      ['compliance-file', 'finance'],
      ['compliance-queue', 'staff'],
      ['cohorts-compliance', 'finance'],
    ];
    for (const [id, who] of refusals) {
      const { res, entries } = await read(id, who);
      expect(res.status, `${id} ${who}`).toBe(403);
      expect(entries, `${id} ${who}`).toEqual([]);
    }
  });

  it('fails closed: when the entry cannot be written, the health record is not served', async () => {
    await withAuditWritesRefused('complianceAuditFault', async () => {
      const res = await invoke(
        complianceStudent,
        apiEvent('compliance-student', { caller: mx.callers.compliance, pathParameters: { username: mx.world.users.studentA.username } }),
      );
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(JSON.stringify(res.body)).not.toContain(mx.world.requirementA);
    });
  });
});

describe('GET /api/audit/', () => {
  const admin: Caller = { username: 'audit-reader', roles: ['admin'] };
  const list = (query: Record<string, string> = {}, caller: Caller | null = admin) => invoke(listAudit, apiEvent('audit-list', { caller: caller ?? undefined, query }));

  /** Days of a year no other test writes entries in, so the day partitions hold exactly this fixture. */
  const year = 5000 + Math.floor(Math.random() * 4000);
  const day = (d: number) => `${year}-03-${String(d).padStart(2, '0')}`;
  const alice = uniqueName('audit-alice');
  const bob = uniqueName('audit-bob');
  /** Newest first, as the list answers them. */
  let fixture: Entry[];

  beforeAll(async () => {
    const make = (actor: string, action: AuditAction, d: number, hour: number) =>
      auditItem({ actor, action, entityType: 'course', entityId: `c-${d}-${hour}` }, `${day(d)}T${String(hour).padStart(2, '0')}:00:00.000Z`, randomUUID());
    // three days with entries, one empty day between them
    const items = [
      make(alice, 'course.create', 1, 9),
      make(bob, 'course.update', 1, 10),
      make(alice, 'course.update', 1, 11),
      make(bob, 'course.create', 2, 8),
      make(alice, 'course.delete', 2, 12),
      make(alice, 'course.create', 4, 7),
      make(bob, 'course.delete', 4, 15),
      make(alice, 'course.update', 4, 16),
    ];
    await db.send(new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: items.map((Item) => ({ PutRequest: { Item } })) } }));
    fixture = [...items].sort((a, b) => String(b.sk).localeCompare(String(a.sk)));
  });

  const ids = (body: { results: Array<{ id: string }> }) => body.results.map((e) => e.id);
  async function all(query: Record<string, string>) {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res = await list({ ...query, ...(cursor ? { cursor } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      pages.push(ids(res.body));
      cursor = res.body.next;
    } while (cursor && pages.length < 20);
    return pages;
  }

  it('lists the days of a range newest first, in pages that run across days and skip empty ones', async () => {
    const res = await list({ from: day(1), to: day(4) });
    expect(res.body).toMatchObject({ count: 8, next: null, from: day(1), to: day(4) });
    expect(res.body.results[0]).toEqual({
      id: fixture[0]!.id,
      at: fixture[0]!.at,
      actor: alice,
      action: 'course.update',
      entity_type: 'course',
      entity_id: 'c-4-16',
      subject: 'course c-4-16',
    });
    expect(ids(res.body)).toEqual(fixture.map((e) => e.id));

    const pages = await all({ from: day(1), to: day(4), limit: '3' });
    expect(pages.map((p) => p.length)).toEqual([3, 3, 2]);
    expect(pages.flat()).toEqual(fixture.map((e) => e.id));
  });

  it('filters by user (gsi1), by action (gsi2) and by both, within the days asked for', async () => {
    const byAlice = fixture.filter((e) => e.actor === alice).map((e) => e.id);
    expect((await all({ actor: alice, limit: '2' })).flat()).toEqual(byAlice);
    expect(ids((await list({ actor: alice, from: day(2), to: day(2) })).body)).toEqual(fixture.filter((e) => e.actor === alice && e.at.startsWith(day(2))).map((e) => e.id));

    const created = (await list({ action: 'course.create', from: day(1), to: day(4) })).body;
    expect(ids(created)).toEqual(fixture.filter((e) => e.action === 'course.create').map((e) => e.id));

    const both = await all({ actor: bob, action: 'course.delete', limit: '1' });
    expect(both.flat()).toEqual(fixture.filter((e) => e.actor === bob && e.action === 'course.delete').map((e) => e.id));
  });

  it("covers the last 31 days when no range is given, and finds today's changes", async () => {
    const res = await list({ limit: '5' });
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body.to).toBe(today);
    expect(Date.parse(res.body.to) - Date.parse(res.body.from)).toBe(30 * 86_400_000);
    expect(res.body.results.every((e: { at: string }) => e.at.slice(0, 10) >= res.body.from)).toBe(true);
    expect((await list({ from: day(3) })).body).toMatchObject({ from: day(3), to: `${year}-04-02` });
  });

  it.each([
    [{ from: day(4), to: day(1) }, /^to: must not be before from$/],
    [{ from: `${year}-01-01`, to: `${year}-03-01` }, /^to: may be at most 31 days after from/],
    [{ from: `${year}-02-30` }, /^from: is not a date in the calendar$/],
    [{ to: 'yesterday' }, /^to: must be a date YYYY-MM-DD$/],
    [{ action: 'Course Create' }, /^action: must be an action name/],
    [{ actor: 'x'.repeat(129) }, /^actor: is too long$/],
    [{ limit: '500' }, /^limit: /],
    [{ cursor: 'not-a-cursor' }, /^cursor: /],
    [{ cursor: Buffer.from(JSON.stringify({ after: 'AUDIT#2026-01-01' })).toString('base64url') }, /^cursor: does not belong to this list$/],
    [
      { from: day(1), to: day(4), cursor: Buffer.from(JSON.stringify({ after: `${year + 1}-01-01T00:00:00.000Z#${randomUUID()}` })).toString('base64url') },
      /^cursor: does not belong to this list$/,
    ],
  ])('refuses %j with a 400 naming the field', async (query, message) => {
    const res = await list(query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  it('allows any range once a user or action narrows it to one index Query', async () => {
    const res = await list({ actor: alice, from: `${year - 1}-01-01`, to: `${year + 1}-12-31` });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(fixture.filter((e) => e.actor === alice).length);
  });

  it('is for admins only', async () => {
    expect((await list({}, null)).status).toBe(401);
    for (const caller of [staffOf('staff'), staffOf('finance'), { username: 'audit-student' }]) {
      expect((await list({}, caller)).status).toBe(403);
    }
  });
});
