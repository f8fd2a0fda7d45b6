/**
 * The anonymous column of the authorization matrix (test/security/authorization-matrix.ts), walked
 * over HTTP through the real local gateway: every non-public route answers the authorizer's 401
 * before any handler runs (the gateway's own answer, not the handler's), with the trailing slash or
 * without, with no Authorization header or one that is not a bearer token; the public routes answer
 * what the matrix says with the same requests the handler tests use.
 */
import http from 'node:http';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../lib/security-headers.js';
import { routes, type RouteDef, type RouteId } from '../../lambdas/routes.js';
import { matchRoute } from '../../lib/local/route-matcher.js';
import { CHECKS, MATRIX, REQUESTS, type MatrixRow, type MatrixWorld } from '../security/authorization-matrix.js';
import { callApi, login, send } from './support/api.js';
import { baseUrl, stripeKeys } from './support/stack.js';
import { totpFreshOverHttp } from './support/mfa.js';

/** What the local gateway (like API Gateway's JWT authorizer) answers when no token came. */
/** API Gateway's JWT authorizer's own refusal (lib/local/gateway-answers.ts), before any Lambda runs. */
const GATEWAY_401 = { message: 'Unauthorized' };

/** The demo data stands in for the handler tests' fixtures; only the public routes need real ones. */
const demo = (username: string, password: string) => ({ username, password });
const world: MatrixWorld = {
  users: {
    studentA: demo('student', 'Student!2345'),
    studentB: demo('paid', 'Student!2345'),
    staff: demo('staff', 'Staff!2345'),
    finance: demo('finance', 'Finance!2345'),
    compliance: demo('compliance', 'Compliance!2345'),
    admin: demo('admin', 'Admin!2345'),
  },
  lastNameB: 'x',
  cohortA: 'cohort-a',
  cohortB: 'cohort-b',
  docA: 'doc-a',
  docB: 'doc-b',
  tag: 'e2e',
  program: { type: 'certificate', id: 'x' },
  paymentA: 'pi_a',
  paymentB: 'pi_b',
  webhookSecret: stripeKeys().webhookSecret,
  requirementA: 'requirement-a',
  requirementB: 'requirement-b',
  submissionA: '00000000-0000-4000-8000-00000000000a',
  submissionB: '00000000-0000-4000-8000-00000000000b',
  queuedA: '00000000-0000-4000-8000-0000000000aa',
  // the clinical rows are signed-in only but the shared roster, whose link is made in beforeAll below
  site: '00000000-0000-4000-8000-0000000000c1',
  course: 'course-x',
  rotation: '00000000-0000-4000-8000-0000000000c2',
  shareToken: 'unset',
  fresh: {
    site: async () => '00000000-0000-4000-8000-0000000000c3',
    rotation: async () => '00000000-0000-4000-8000-0000000000c4',
    course: async () => 'course-x',
    document: async () => 'doc-x',
    cohort: async () => 'cohort-x',
    student: async () => 'student-x',
    // signed-in only: the gateway answers an anonymous caller before an id would matter
    notice: async () => '20260101T000000000Z-unused',
    // the compliance rows are signed-in only: refused before an upload, a submission or a template would be read
    complianceUpload: async () => 'uploads/anonymous/00000000-0000-4000-8000-000000000000/BLS_card.pdf',
    pendingSubmission: async () => '00000000-0000-4000-8000-0000000000ac',
    requirementSet: async () => ({ requirements: [], version: 0 }),
    planSettings: async () => ({ templates: [], hold_rules: {}, version: 0 }),
    planTemplate: async () => 'none',
    savedCard: async () => 'pm_anonymous',
    plan: async () => '00000000-0000-4000-8000-0000000000a1',
    /** A new student with a temporary password (made by the demo admin through the API) and the session of their first sign-in. */
    challenge: async () => {
      const { token } = await login('admin', 'Admin!2345');
      const cohorts = (await (await fetch(`${baseUrl()}/api/cohorts/`, { headers: { authorization: `Bearer ${token}` } })).json()) as Array<{ id: string; program_type: string }>;
      const username = `anon-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
      const created = await fetch(`${baseUrl()}/api/students/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          username,
          first_name: 'Anne',
          last_name: 'Nonymous',
          email: `${username}@example.edu`,
          program_type: cohorts[0]!.program_type,
          program_name: 'Test program',
          cohort_id: cohorts[0]!.id,
          temporary_password: 'Temp!Pass2345',
        }),
      });
      if (created.status !== 201) throw new Error(`create student: ${created.status} ${await created.text()}`);
      const first = await fetch(`${baseUrl()}/api/users/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'Temp!Pass2345' }),
      });
      const body = await first.json();
      if (body.code !== 'new_password_required') throw new Error(`no challenge: ${JSON.stringify(body)}`);
      return { username, session: body.session };
    },
    /** A demo user's new sign-in (the refresh and logout rows): its username and refresh token. */
    session: async ({ username, password }) => {
      const user = await login(username, password);
      return { username: String(user.username), refresh: String(user.refresh) };
    },
    // a TOTP challenge and an enrolment of new accounts (the public second steps of signing in)
    ...totpFreshOverHttp,
  },
};

/** The public shared-roster row needs a real link: the demo admin shares a rotation of the demo student's, made through the API. */
beforeAll(async () => {
  const { token } = await login('admin', 'Admin!2345');
  const made = async (path: string, body: unknown, status = 201) => {
    const res = await callApi(token, 'POST', path, body);
    if (res.status !== status) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const site = await made('/api/clinical-sites/', { name: `E2E General ${stamp}`, units: ['Med-Surg'] });
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const rotation = await made('/api/rotations/', {
    site_id: site.id,
    unit: 'Med-Surg',
    course_id: 'course-01',
    instructor: 'Ina',
    starts_on: day(10),
    ends_on: day(40),
    capacity: 2,
  });
  // a demo student no other browser test reads (the other files read the demo as seeded)
  await made(`/api/rotations/${rotation.id}/students/`, { usernames: ['noah.jones'] }, 200);
  const share = await made(`/api/rotations/${rotation.id}/share/`, { recipient: 'E2E General', override_reason: 'For the anonymous walk' });
  world.shareToken = String(share.path).split('/').pop()!;
}, 60_000);

describe('anonymous callers through the local gateway', () => {
  for (const route of routes as readonly RouteDef[]) {
    const row = (MATRIX as Record<string, MatrixRow | undefined>)[route.id];
    it(`${route.method} ${route.path} (${route.id}) answers ${row?.anonymous ?? 'a row in the matrix'}`, async () => {
      expect(row, `route ${route.id} has no row in the authorization matrix`).toBeDefined();
      const id = route.id as RouteId;
      if (row!.anonymous === 401) {
        for (const opts of [{}, { trailingSlash: false }, { authorization: 'Basic YWRtaW46QWRtaW4hMjM0NQ==' }, { authorization: 'Bearer' }, { authorization: 'bearer ' }]) {
          const res = await send(id, await REQUESTS[id](world, 'anonymous'), opts);
          expect({ status: res.status, body: res.body }, JSON.stringify(opts)).toEqual({ status: 401, body: GATEWAY_401 });
          expect(res.headers.get('www-authenticate'), JSON.stringify(opts)).toMatch(/^Bearer/);
        }
      } else {
        const res = await send(id, await REQUESTS[id](world, 'anonymous'));
        expect(res.status, JSON.stringify(res.body)).toBe(row!.anonymous);
        if (res.status < 300) CHECKS[id]?.(world, 'anonymous', res);
      }
    });
  }
});

describe('hostile paths, methods and credentials through the local gateway', () => {
  const segment = fc.oneof(
    fc.constantFrom('api', 'students', 'student', 'courses', 'documents', 'payments', 'cohorts', 'users', 'login', 'webhook', 'refund', 'x'),
    fc.constantFrom('%', '%E0%A4%A', '%00', '%2F', '%2e%2e', '..', '.', '%C0%AE', '%FF', '~', '*', ';', 'a;b=c', '%20'),
    fc.string({ maxLength: 8 }).map(encodeURIComponent),
  );
  const request = fc.record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
    path: fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => `/api/${parts.join('/')}`),
    slash: fc.boolean(),
    authorization: fc.option(
      fc.oneof(
        fc.constantFrom('Bearer', 'Bearer ', 'Bearer a.b.c', 'Bearer eyJhbGciOiJub25lIn0.e30.', 'Basic YTpi', 'bearer null', 'Bearer undefined'),
        fc
          .string({ unit: 'binary-ascii', maxLength: 40 })
          .filter((s) => /^[\x20-\x7e]*$/.test(s))
          .map((s) => `Bearer ${s}`),
      ),
      { nil: undefined },
    ),
  });

  it("1,000 anonymous requests to made-up API paths: never a 5xx; any protected route answers the authorizer's 401", async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ method, path, slash, authorization }) => {
        const url = `${baseUrl()}${path}${slash ? '/' : ''}`;
        const res = await fetch(url, {
          method,
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
          body: method === 'GET' ? undefined : '{"x":',
        });
        const text = await res.text();
        expect(res.status, `${method} ${url}: ${text.slice(0, 200)}`).toBeLessThan(500);
        const match = matchRoute(method, new URL(url).pathname);
        if (match.kind === 'route' && match.route.access !== 'public') expect(res.status, `${method} ${url}`).toBe(401);
      }),
      { numRuns: 1000 },
    );
  });
});

/** A request with its target exactly as written (fetch would normalise `///` away). */
function rawRequest(target: string, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: target, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('request targets the URL parser reads as another host', () => {
  // `///` once stopped the local gateway: `new URL('///', base)` threw outside the request's try.
  it.each(['///', '//', '//evil.example/api/courses/', '///api/courses/', '/api//', '//api/students/student/'])(
    '%s gets an answer, and the gateway keeps serving',
    async (target) => {
      const res = await rawRequest(target);
      expect(res.status).toBeLessThan(500);
      // not under /api/ once parsed as a path: the SPA's page, never an API answer without a token
      if (res.status === 200) expect(res.body).toMatch(/^<!doctype html>/i);
      const after = await fetch(`${baseUrl()}/config.json`);
      expect(after.status).toBe(200);
    },
  );
});

describe('API answers carry the same security headers as the SPA', () => {
  it.each([
    ['a 401 from the authorizer', '/api/students/student/', 'GET'],
    ['a 404 for an unknown path', '/api/nowhere/', 'GET'],
    ['a 404 for a method no route has', '/api/courses/', 'PATCH'],
    ['a handler answer', '/api/users/login/', 'POST'],
  ])('%s', async (_name, target, method) => {
    const res = await rawRequest(target, method);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers[name], name).toBe(value);
  });
});
