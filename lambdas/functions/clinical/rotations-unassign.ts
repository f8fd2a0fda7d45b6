/** DELETE /api/rotations/{id}/students/{username}/ (compliance, admin) — takes a student off a rotation. */
import { RotationStudentParams } from '../../contract/clinical.js';
import { nowIso } from '../../domain/clock.js';
import { NotFound } from '../../domain/errors.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { getRotation, removeMember, rotationSubject } from '../../store/rotation.js';

export const handler = route('rotations-unassign', async (req) => {
  const { id, username } = parseParams(req, RotationStudentParams);
  const rotation = await getRotation(id);
  if (!rotation) throw new NotFound('Rotation not found');
  await removeMember(
    id,
    username,
    { actor: callerOf(req).username, action: 'rotation.unassign', entityType: 'rotation', entityId: id, subject: rotationSubject(rotation), before: { student: username } },
    nowIso(),
  );
  return { body: { message: 'Student taken off the rotation' } };
});
