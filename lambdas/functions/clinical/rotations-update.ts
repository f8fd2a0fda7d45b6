/**
 * PUT /api/rotations/{id}/ (compliance, admin) — changes a rotation; its students' copies change with it. The
 * capacity may not go below who is assigned (409).
 */
import { RotationRequest, type Rotation } from '../../contract/clinical.js';
import { RecordIdParams } from '../../contract/params.js';
import { rotationFromInput } from '../../clinical/rotation-input.js';
import { nowIso } from '../../domain/clock.js';
import { Conflict } from '../../domain/errors.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody, parseParams } from '../../http/validate.js';
import { presentRotation } from '../../presenters/clinical.js';
import { requireRotationWithMembers, rotationSubject, updateRotation } from '../../store/rotation.js';

export const handler = route('rotations-update', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  const input = parseJsonBody(req, RotationRequest);
  const { rotation: previous, members } = await requireRotationWithMembers(id);
  if (input.capacity < members.length) throw new Conflict(`capacity: ${members.length} students are assigned; take some off before lowering it to ${input.capacity}`);
  const rotation = await rotationFromInput(input, id, members.length, nowIso());
  await updateRotation(rotation, previous, members, {
    actor: callerOf(req).username,
    action: 'rotation.update',
    entityType: 'rotation',
    entityId: id,
    subject: rotationSubject(rotation),
    before: { site: previous.site_name, unit: previous.unit, starts_on: previous.starts_on, ends_on: previous.ends_on, capacity: previous.capacity },
    after: { site: rotation.site_name, unit: rotation.unit, starts_on: rotation.starts_on, ends_on: rotation.ends_on, capacity: rotation.capacity },
  });
  const body: Rotation = presentRotation(rotation);
  return { body };
});
