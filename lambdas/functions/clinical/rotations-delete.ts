/** DELETE /api/rotations/{id}/ (compliance, admin) — removes a rotation with its roster, in one transaction. */
import { RecordIdParams } from '../../contract/params.js';
import { nowIso } from '../../domain/clock.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { deleteRotation, requireRotationWithMembers, rotationSubject } from '../../store/rotation.js';

export const handler = route('rotations-delete', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  const { rotation, members } = await requireRotationWithMembers(id);
  await deleteRotation(
    rotation,
    members,
    {
      actor: callerOf(req).username,
      action: 'rotation.delete',
      entityType: 'rotation',
      entityId: id,
      subject: rotationSubject(rotation),
      before: { students: members.map((m) => m.username) },
    },
    nowIso(),
  );
  return { body: { message: 'Rotation deleted' } };
});
