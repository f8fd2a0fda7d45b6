/**
 * POST /api/rotations/{id}/students/ (compliance, admin) — puts students on a rotation: some by username, or every
 * member of a cohort. Those already on it are left as they are; the rest must all fit (409 past capacity, nothing
 * assigned). Answers the rotation as it now is.
 */
import { AssignRequest, type Rotation } from '../../contract/clinical.js';
import { RecordIdParams } from '../../contract/params.js';
import { nowIso } from '../../domain/clock.js';
import { Invalid } from '../../domain/errors.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody, parseParams } from '../../http/validate.js';
import { presentRotation } from '../../presenters/clinical.js';
import { getCohort } from '../../store/cohort.js';
import { batchGetAll } from '../../store/dynamo.js';
import { assignMembers, requireRotationWithMembers, rotationSubject, type MemberRecord } from '../../store/rotation.js';
import { listStudentsOfCohort, studentKeys, StudentProfile, type StudentSummary } from '../../store/student.js';

type Named = Pick<StudentSummary, 'username' | 'firstName' | 'lastName'>;

/** The students with these usernames (one BatchGet), or 400 naming the first that is no student. */
async function studentsNamed(usernames: readonly string[]): Promise<Named[]> {
  const found = new Map((await batchGetAll(usernames.map(studentKeys.profile))).map(StudentProfile.fromItem).map((p) => [p.username, p]));
  const missing = usernames.findIndex((u) => !found.has(u));
  if (missing >= 0) throw new Invalid(`usernames.${missing}: ${usernames[missing]} is not a student`);
  return usernames.flatMap((u) => found.get(u) ?? []);
}

export const handler = route('rotations-assign', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  const input = parseJsonBody(req, AssignRequest);
  const caller = callerOf(req).username;
  const { rotation, members } = await requireRotationWithMembers(id);
  let students: Named[];
  if (input.cohort_id !== undefined) {
    if (!(await getCohort(input.cohort_id))) throw new Invalid('cohort_id: is not a cohort');
    students = await listStudentsOfCohort(input.cohort_id);
  } else {
    students = await studentsNamed([...new Set(input.usernames)]);
  }
  const on = new Set(members.map((m) => m.username));
  const at = nowIso();
  const adding: MemberRecord[] = students
    .filter((s) => !on.has(s.username))
    .map((s) => ({ rotation_id: id, username: s.username, first_name: s.firstName, last_name: s.lastName, assigned_at: at, assigned_by: caller }));
  await assignMembers(
    { ...rotation, assigned: members.length },
    adding,
    {
      actor: caller,
      action: 'rotation.assign',
      entityType: 'rotation',
      entityId: id,
      subject: rotationSubject(rotation),
      after: { students: adding.map((m) => m.username), ...(input.cohort_id ? { cohort: input.cohort_id } : {}) },
    },
    at,
  );
  const body: Rotation = presentRotation({ ...rotation, assigned: members.length + adding.length });
  return { body };
});
