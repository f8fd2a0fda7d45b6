/**
 * Rotations against DynamoDB Local: create, list, update and delete; assigning students by
 * username and by cohort, within capacity (a 409 assigns nobody, and two coordinators at once cannot overfill
 * one); taking a student off; and the roster with each student's clearance and its reasons.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getSite } from '../../lambdas/store/clinical-site.js';
import { getRotation } from '../../lambdas/store/rotation.js';
import { complianceCohort, complianceStudent, daysFromToday, putTemplates, template } from './support/compliance.js';
import { assign, call, clinicalStaff, createCourse, createRotation, createSite, ok, placementsOf, roster, rotationBody, rotationItems } from './support/clinical.js';

const { admin, coordinator } = clinicalStaff();
let site: { id: string; name: string };
let course: string;

beforeAll(async () => {
  site = await createSite(admin);
  course = await createCourse(admin);
});

const students = async (n: number, cohortId: string | null = null) => Promise.all(Array.from({ length: n }, (_, i) => complianceStudent(cohortId, `Lee${i}`)));

describe('POST, GET, PUT and DELETE /api/rotations/', () => {
  it('creates a rotation counted on its site, lists it by its site, changes it (its students’ copies too), and deletes it with its roster', async () => {
    const made = await createRotation(coordinator, site.id, course, { capacity: 3 });
    expect(made).toMatchObject({ site_id: site.id, site_name: site.name, unit: 'Med-Surg', course_id: course, course_name: 'Phlebotomy', capacity: 3, assigned: 0 });
    const before = (await getSite(site.id))!.rotations;

    const list = await ok('rotations-list', coordinator, { query: { site_id: site.id, from: daysFromToday(0) } });
    expect(list.results.map((r: { id: string }) => r.id)).toContain(made.id);
    // one that ended before `from` is not listed
    expect((await ok('rotations-list', coordinator, { query: { site_id: site.id, from: daysFromToday(400) } })).results.map((r: { id: string }) => r.id)).not.toContain(made.id);

    const [a] = await students(1);
    await ok('rotations-assign', coordinator, { pathParameters: { id: made.id }, body: { usernames: [a!.profile.username] } });
    const changed = await ok('rotations-update', coordinator, {
      pathParameters: { id: made.id },
      body: rotationBody(site.id, course, { instructor: 'New Instructor', unit: 'ICU', ends_on: daysFromToday(120), capacity: 5 }),
    });
    expect(changed).toMatchObject({ instructor: 'New Instructor', unit: 'ICU', ends_on: daysFromToday(120), capacity: 5, assigned: 1 });
    expect(await placementsOf(a!.profile.username)).toEqual([expect.objectContaining({ id: made.id, unit: 'ICU', instructor: 'New Instructor', ends_on: daysFromToday(120) })]);

    await ok('rotations-delete', coordinator, { pathParameters: { id: made.id } });
    expect(await rotationItems(made.id)).toEqual([]);
    expect(await placementsOf(a!.profile.username)).toEqual([]);
    expect((await getSite(site.id))!.rotations).toBe(before - 1);
    expect((await call('rotations-delete', coordinator, { pathParameters: { id: made.id } })).status).toBe(404);
  });

  it.each([
    ['ends before it starts', { starts_on: '2027-03-10', ends_on: '2027-03-09' }, /^ends_on: must be on or after the start date$/],
    ['a capacity of 0', { capacity: 0 }, /^capacity: must be at least 1$/],
    ['a capacity past a clinical group', { capacity: 41 }, /^capacity: must be at most 40$/],
    ['a site that does not exist', { site_id: 'no-such-site' }, /^site_id: is not a clinical site$/],
    ['a course that does not exist', { course_id: 'no-such-course' }, /^course_id: is not a course$/],
  ])('refuses %s with a 400 naming the field', async (_what, over, message) => {
    const res = await call('rotations-create', coordinator, { body: rotationBody(site.id, course, over) });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });
});

describe('POST /api/rotations/{id}/students/', () => {
  it('assigns by username, leaves those already on it as they are, and refuses a username that is no student (400)', async () => {
    const rotation = await createRotation(coordinator, site.id, course, { capacity: 3 });
    const [a, b] = await students(2);
    const first = await ok('rotations-assign', coordinator, { pathParameters: { id: rotation.id }, body: { usernames: [a!.profile.username] } });
    expect(first).toMatchObject({ id: rotation.id, assigned: 1 });
    // A again with B: only B is added
    const second = await ok('rotations-assign', coordinator, { pathParameters: { id: rotation.id }, body: { usernames: [a!.profile.username, b!.profile.username] } });
    expect(second.assigned).toBe(2);
    expect((await getRotation(rotation.id))!.assigned).toBe(2);
    expect((await placementsOf(b!.profile.username)).map((p) => p.id)).toEqual([rotation.id]);

    const nobody = `nobody-${randomUUID().slice(0, 8)}`;
    const res = await assign(coordinator, rotation.id, { usernames: [nobody] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(`usernames.0: ${nobody} is not a student`);
    const both = await assign(coordinator, rotation.id, { usernames: ['x'], cohort_id: 'y' });
    expect(both.status).toBe(400);
    expect(both.body.error).toMatch(/^usernames: name either usernames or cohort_id$/);
  });

  it('assigns every member of a cohort', async () => {
    const cohort = await complianceCohort();
    const members = await students(3, cohort.id);
    const rotation = await createRotation(coordinator, site.id, course, { capacity: 5 });
    const res = await ok('rotations-assign', coordinator, { pathParameters: { id: rotation.id }, body: { cohort_id: cohort.id } });
    expect(res.assigned).toBe(3);
    const shown = await roster(coordinator, rotation.id);
    expect(shown.students.map((s: { username: string }) => s.username).sort()).toEqual(members.map((m) => m.profile.username).sort());
    expect((await assign(coordinator, rotation.id, { cohort_id: 'no-such-cohort' })).body.error).toBe('cohort_id: is not a cohort');
  });

  it('refuses to assign past capacity (409) and assigns nobody', async () => {
    const rotation = await createRotation(coordinator, site.id, course, { capacity: 2 });
    const [a, b, c] = await students(3);
    await ok('rotations-assign', coordinator, { pathParameters: { id: rotation.id }, body: { usernames: [a!.profile.username] } });
    const before = await rotationItems(rotation.id);
    const res = await assign(coordinator, rotation.id, { usernames: [b!.profile.username, c!.profile.username] });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/room for 1 more student; 2 were asked/);
    expect(await rotationItems(rotation.id)).toEqual(before);
    expect(await placementsOf(b!.profile.username)).toEqual([]);
    expect(await placementsOf(c!.profile.username)).toEqual([]);
  });

  it('two coordinators assigning at once past capacity: exactly one succeeds, the other gets a 409, and the rotation never holds more than its capacity', async () => {
    const rotation = await createRotation(coordinator, site.id, course, { capacity: 3 });
    const [a, b, c, d] = await students(4);
    const other = clinicalStaff().coordinator;
    const answers = await Promise.all([
      assign(coordinator, rotation.id, { usernames: [a!.profile.username, b!.profile.username] }),
      assign(other, rotation.id, { usernames: [c!.profile.username, d!.profile.username] }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const stored = await getRotation(rotation.id, { consistent: true });
    expect(stored!.assigned).toBe(2);
    const members = (await rotationItems(rotation.id)).filter((i) => String(i.sk).startsWith('STUDENT#'));
    expect(members).toHaveLength(2);
    const winners = answers[0]!.status === 200 ? [a, b] : [c, d];
    expect(members.map((m) => m.username).sort()).toEqual(winners.map((s) => s!.profile.username).sort());
  });
});

describe('PUT /api/rotations/{id}/ capacity', () => {
  it('refuses to lower the capacity below who is assigned (409), and allows down to it', async () => {
    const rotation = await createRotation(coordinator, site.id, course, { capacity: 4 });
    const [a, b] = await students(2);
    await ok('rotations-assign', coordinator, { pathParameters: { id: rotation.id }, body: { usernames: [a!.profile.username, b!.profile.username] } });
    const res = await call('rotations-update', coordinator, { pathParameters: { id: rotation.id }, body: rotationBody(site.id, course, { capacity: 1 }) });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/^capacity: 2 students are assigned/);
    expect((await getRotation(rotation.id))!.capacity).toBe(4);
    expect((await ok('rotations-update', coordinator, { pathParameters: { id: rotation.id }, body: rotationBody(site.id, course, { capacity: 2 }) })).capacity).toBe(2);
  });
});

describe('DELETE /api/rotations/{id}/students/{username}/', () => {
  it('takes a student off (their copy too, the count down), and answers 404 for one not on it', async () => {
    const rotation = await createRotation(coordinator, site.id, course, { capacity: 2 });
    const [a] = await students(1);
    await ok('rotations-assign', coordinator, { pathParameters: { id: rotation.id }, body: { usernames: [a!.profile.username] } });
    await ok('rotations-unassign', coordinator, { pathParameters: { id: rotation.id, username: a!.profile.username } });
    expect((await getRotation(rotation.id))!.assigned).toBe(0);
    expect(await placementsOf(a!.profile.username)).toEqual([]);
    expect((await call('rotations-unassign', coordinator, { pathParameters: { id: rotation.id, username: a!.profile.username } })).status).toBe(404);
  });
});

describe('GET /api/rotations/{id}/roster/', () => {
  it('shows each student with their clearance for the rotation and the reasons they are not cleared', async () => {
    const cohort = await complianceCohort();
    const bls = template(cohort.id, { name: `BLS ${randomUUID().slice(0, 6)}`, evidence: 'date_only' });
    await putTemplates([bls]);
    const [a] = await students(1, cohort.id);
    const rotation = await createRotation(coordinator, site.id, course);
    await ok('rotations-assign', coordinator, { pathParameters: { id: rotation.id }, body: { usernames: [a!.profile.username] } });
    const shown = await roster(coordinator, rotation.id);
    expect(shown).toMatchObject({ rotation: { id: rotation.id, assigned: 1 }, all_cleared: false });
    expect(shown.students).toEqual([
      { username: a!.profile.username, first_name: 'Ada', last_name: 'Lee0', cohort_id: cohort.id, cleared: false, reasons: [`${bls.name} is missing`] },
    ]);
    expect((await call('rotations-roster', coordinator, { pathParameters: { id: randomUUID() } })).status).toBe(404);
  });
});
