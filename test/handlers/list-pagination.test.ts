/**
 * Cursor pages for the lists that grow with the school: courses and the admin student
 * list. Without `limit` / `cursor` they answer what the SPA reads today (an array); with them, pages
 * `{ results, count, next }` that together hold exactly the unpaged list, one page at a time.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as listCourses } from '../../lambdas/functions/courses/list.js';
import { handler as listStudents } from '../../lambdas/functions/students/list.js';
import { courseItems } from '../../lambdas/store/course.js';
import { studentItems } from '../../lambdas/store/student.js';
import { PROGRAM_TYPES } from '../../lambdas/contract/programs.js';
import { apiEvent, invoke, type Caller } from './support/events.js';
import { putItems } from './support/fixtures.js';

const staff: Caller = { username: 'pages-staff', roles: ['staff'] };

/** Follows `next` to the end; answers every result in order and the page sizes. */
async function allPages(call: (query: Record<string, string>) => Promise<{ status?: number; body: any }>, query: Record<string, string>) {
  const seen: any[] = [];
  const sizes: number[] = [];
  let next: string | null = null;
  do {
    const res = await call({ ...query, ...(next ? { cursor: next } : {}) });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(res.body.results.length);
    seen.push(...res.body.results);
    sizes.push(res.body.results.length);
    next = res.body.next;
  } while (next && sizes.length < 100);
  return { seen, sizes };
}

describe('GET /api/courses/ pages', () => {
  const courses = (query: Record<string, string>) => invoke(listCourses, apiEvent('courses-list', { caller: staff, query }));

  beforeAll(async () => {
    await putItems(
      Array.from({ length: 12 }, (_, i) =>
        courseItems({
          id: randomUUID(),
          name: 'Physics',
          crn: `P-${randomUUID().slice(0, 8)}`,
          creditHours: 1 + (i % 4),
          applicationPriceCents: null,
          tuitionPriceCents: null,
          isCertificateCourse: i % 2 === 0,
        }),
      ).flat(),
    );
  });

  it('answers the whole list as an array without limit or cursor (what the SPA reads)', async () => {
    const res = await courses({ name: 'phys' });
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeGreaterThanOrEqual(12);
  });

  it('pages through exactly the unpaged list, in its order, with the same filters', async () => {
    for (const filters of [{ name: 'phys' }, { name: 'phys', is_certificate: 'true' }] as Array<Record<string, string>>) {
      const whole = (await courses(filters)).body as Array<{ id: string }>;
      const { seen, sizes } = await allPages(courses, { ...filters, limit: '5' });
      expect(seen.map((c) => c.id)).toEqual(whole.map((c) => c.id));
      expect(Math.max(...sizes)).toBeLessThanOrEqual(5);
    }
  });

  it('refuses a cursor it did not make, and a limit out of range', async () => {
    expect((await courses({ cursor: 'nonsense' })).body).toEqual({ error: 'cursor: is not a cursor this API returned' });
    expect((await courses({ limit: '0' })).status).toBe(400);
    expect((await courses({ limit: '201' })).status).toBe(400);
  });
});

describe('GET /api/students/ pages (admin list)', () => {
  const students = (query: Record<string, string>) => invoke(listStudents, apiEvent('students-list', { caller: staff, query }));
  const tag = randomUUID().slice(0, 6);
  const ours = (s: { username: string }) => s.username.startsWith(`pages-${tag}-`);
  const usernames = Array.from({ length: 14 }, (_, i) => `pages-${tag}-${i}`);

  beforeAll(async () => {
    // a few of every program type (and none), so a page merges several collections; the last names
    // sort before everyone else's, so the first pages are ours whatever other tests have written
    await putItems(
      usernames
        .map((username, i) =>
          studentItems({
            profile: {
              username,
              sub: '',
              firstName: 'Page',
              lastName: `0000${tag}${String(i % 5)}`,
              email: `${username}@example.edu`,
              phone: null,
              createdAt: '2100-09-01T00:00:00.000Z',
              onPaymentPlan: false,
              programType: i % 4 === 3 ? null : PROGRAM_TYPES[i % 3]!,
              programName: null,
              cohortId: null,
            },
            enrollments: [],
            entries: [],
          }),
        )
        .flat(),
    );
  });

  /** Pages until every one of ours of the query has been seen (they come first). */
  async function ourPages(query: Record<string, string>, expected: number) {
    const seen: Array<{ username: string; last_name: string; program_type: string | null }> = [];
    let next: string | null = null;
    for (let pages = 0; pages < 400 && seen.length < expected; pages++) {
      const res = await students({ ...query, ...(next ? { cursor: next } : {}) });
      expect(res.status).toBe(200);
      expect(res.body.results.length).toBeLessThanOrEqual(Number(query.limit));
      seen.push(...res.body.results.filter(ours));
      next = res.body.next;
      if (!next) break;
    }
    return seen;
  }

  it('still answers every student as an array without limit or cursor', async () => {
    const res = await students({ search: `0000${tag}` });
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(14);
  });

  it('pages through every student once, ordered by last name, across program types', async () => {
    const seen = await ourPages({ limit: '4' }, 14);
    expect(seen.map((s) => s.username).sort()).toEqual([...usernames].sort());
    const order = seen.map((s) => `${s.last_name.toLowerCase()}#${s.username}`);
    expect(order).toEqual([...order].sort());
  });

  it('pages within one program type', async () => {
    const whole = ((await students({ program_type: 'diploma', search: `0000${tag}` })).body as Array<{ username: string }>).map((s) => s.username);
    expect(whole.length).toBeGreaterThan(2);
    const seen = await ourPages({ program_type: 'diploma', limit: '2' }, whole.length);
    expect(seen.map((s) => s.username).sort()).toEqual([...whole].sort());
    expect(seen.every((s) => s.program_type === 'diploma')).toBe(true);
  });

  it('refuses a cursor it did not make', async () => {
    expect((await students({ limit: '5', cursor: 'nonsense' })).body).toEqual({ error: 'cursor: is not a cursor this API returned' });
  });
});
