/** The six course calls against DynamoDB Local: filters, validation, roles, CRN uniqueness, audit. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler as categories } from '../../lambdas/functions/courses/categories.js';
import { handler as create } from '../../lambdas/functions/courses/create.js';
import { handler as remove } from '../../lambdas/functions/courses/delete.js';
import { handler as list } from '../../lambdas/functions/courses/list.js';
import { handler as stats } from '../../lambdas/functions/courses/stats.js';
import { handler as update } from '../../lambdas/functions/courses/update.js';
import { auditEntriesOf } from './support/audit-entries.js';
import { apiEvent, invoke, type Caller } from './support/events.js';

const admin: Caller = { username: 'course-admin', roles: ['admin'] };
const staff: Caller = { username: 'course-staff', roles: ['staff'] };
const student: Caller = { username: 'course-student' };

const crn = () => `T${randomUUID().slice(0, 8)}`.toUpperCase();
const form = (over: Record<string, unknown> = {}) => ({
  name: 'Phlebotomy',
  CRN: crn(),
  credit_hours: 4,
  application_price: '50.00',
  tuition_price: 1500,
  is_certificate_course: true,
  ...over,
});
const createCourse = (body: unknown, caller = admin) => invoke(create, apiEvent('courses-create', { caller, body }));
const listCourses = (query: Record<string, string> = {}) => invoke(list, apiEvent('courses-list', { caller: student, query }));

describe('course calls', () => {
  it('creates a course (201) with the spec fields and types, readable by any signed-in user', async () => {
    const res = await createCourse(form({ credit_hours: '6', application_price: '', tuition_price: '1234.5' }), staff);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Phlebotomy', credit_hours: 6, application_price: null, tuition_price: 1234.5, is_certificate_course: true });
    expect((await listCourses()).body).toContainEqual(res.body);
  });

  it('filters by certificate flag and by the start of the name, in any case', async () => {
    const cert = (await createCourse(form({ name: 'EKG Technician', is_certificate_course: true }))).body;
    const other = (await createCourse(form({ name: 'English', is_certificate_course: false }))).body;
    const certs = (await listCourses({ is_certificate: 'true' })).body;
    expect(certs).toContainEqual(cert);
    expect(certs).not.toContainEqual(other);
    expect((await listCourses({ is_certificate: 'false' })).body).toContainEqual(other);
    const byName = (await listCourses({ name: 'ekg' })).body as Array<{ name: string }>;
    expect(byName).toContainEqual(cert);
    expect(byName.every((c) => c.name === 'EKG Technician')).toBe(true);
    expect(await listCourses({ is_certificate: 'maybe' })).toMatchObject({ status: 400, body: { error: 'is_certificate: must be true or false' } });
  });

  it.each([
    ['a name outside the fixed list', { name: 'Pottery' }, /^name: must be one of the course names$/],
    ['a missing CRN', { CRN: '' }, /^CRN: is required$/],
    ['credit hours below 1', { credit_hours: 0 }, /^credit_hours: must be at least 1$/],
    ['fractional credit hours', { credit_hours: 2.5 }, /^credit_hours: must be a whole number$/],
    ['a negative price', { tuition_price: -1 }, /^tuition_price: must be a number of at least 0/],
    ['a price with three decimals', { application_price: '1.005' }, /^application_price: must be a number of at least 0 with at most two decimals$/],
    ['a non-boolean certificate flag', { is_certificate_course: 'yes' }, /^is_certificate_course: /],
  ])('refuses %s with a 400 naming the field', async (_name, over, message) => {
    const res = await createCourse(form(over));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  it('lets only admin and staff write (403 for students and finance)', async () => {
    expect((await createCourse(form(), student)).status).toBe(403);
    expect((await createCourse(form(), { username: 'f', roles: ['finance'] })).status).toBe(403);
  });

  it('refuses a CRN already used by another course (409), also when two creates race', async () => {
    const taken = crn();
    expect((await createCourse(form({ CRN: taken }))).status).toBe(201);
    // the refusal names the course that holds the CRN, so the SPA can say which one
    expect(await createCourse(form({ CRN: taken.toLowerCase(), name: 'Biology' }))).toMatchObject({ status: 409, body: { error: `CRN: ${taken} is already used by Phlebotomy` } });
    const raced = crn();
    const results = await Promise.all([createCourse(form({ CRN: raced })), createCourse(form({ CRN: raced, name: 'Biology' }))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('updates a course, moving its CRN and freeing the old one; 404 for an unknown id; 409 for a taken CRN', async () => {
    const course = (await createCourse(form())).body;
    const oldCrn = course.CRN;
    const newCrn = crn();
    const res = await invoke(update, apiEvent('courses-update', { caller: staff, pathParameters: { id: course.id }, body: form({ CRN: newCrn, credit_hours: 5, id: course.id }) }));
    expect(res).toMatchObject({ status: 200, body: { id: course.id, CRN: newCrn, credit_hours: 5 } });
    expect((await createCourse(form({ CRN: oldCrn }))).status).toBe(201); // the old CRN is free again
    const other = (await createCourse(form())).body;
    expect((await invoke(update, apiEvent('courses-update', { caller: admin, pathParameters: { id: other.id }, body: form({ CRN: newCrn }) }))).status).toBe(409);
    expect((await invoke(update, apiEvent('courses-update', { caller: admin, pathParameters: { id: 'nope' }, body: form() }))).status).toBe(404);
  });

  it('deletes a course and its CRN; a second delete is 404', async () => {
    const course = (await createCourse(form())).body;
    const del = () => invoke(remove, apiEvent('courses-delete', { caller: admin, pathParameters: { id: course.id } }));
    expect((await del()).status).toBe(200);
    expect((await del()).status).toBe(404);
    expect((await createCourse(form({ CRN: course.CRN }))).status).toBe(201);
    expect((await listCourses()).body.map((c: { id: string }) => c.id)).not.toContain(course.id);
  });

  it('writes every change to the audit log with who, what and when', async () => {
    const course = (await createCourse(form(), staff)).body;
    await invoke(update, apiEvent('courses-update', { caller: admin, pathParameters: { id: course.id }, body: form({ CRN: course.CRN, credit_hours: 9 }) }));
    await invoke(remove, apiEvent('courses-delete', { caller: admin, pathParameters: { id: course.id } }));
    const Items = await auditEntriesOf(course.id);
    const mine = Items.map((i) => [i.action, i.actor]);
    expect(mine).toEqual([
      ['course.create', 'course-staff'],
      ['course.update', 'course-admin'],
      ['course.delete', 'course-admin'],
    ]);
    expect(Items.find((i) => i.entityId === course.id && i.action === 'course.update')).toMatchObject({ before: { creditHours: 4 }, after: { creditHours: 9 } });
  });

  it('serves categories and stats that agree with the list', async () => {
    await createCourse(form({ name: 'Nurse Ethics', is_certificate_course: false, credit_hours: 2 }));
    const all = (await listCourses()).body as Array<{ is_certificate_course: boolean; credit_hours: number }>;
    const s = (await invoke(stats, apiEvent('courses-stats', { caller: student }))).body;
    const groups = (await invoke(categories, apiEvent('courses-categories', { caller: student }))).body as Array<{ category: string; courses: unknown[] }>;
    expect(s.total_courses).toBe(all.length);
    expect(s.certificate_courses).toBe(all.filter((c) => c.is_certificate_course).length);
    expect(s.average_credit_hours).toBeCloseTo(all.reduce((n, c) => n + c.credit_hours, 0) / all.length, 2);
    expect(groups.reduce((n, g) => n + g.courses.length, 0)).toBe(all.length);
    expect(groups.find((g) => g.category === 'nursing')?.courses).toContainEqual(expect.objectContaining({ name: 'Nurse Ethics' }));
  });
});
