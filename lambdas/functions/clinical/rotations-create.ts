/** POST /api/rotations/ (compliance, admin) — a new rotation at a site's unit for a course, with its instructor, dates and capacity. */
import { RotationRequest, type Rotation } from '../../contract/clinical.js';
import { rotationFromInput } from '../../clinical/rotation-input.js';
import { nowIso } from '../../domain/clock.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { presentRotation } from '../../presenters/clinical.js';
import { createRotation, newRotationId, rotationSubject } from '../../store/rotation.js';

export const handler = route('rotations-create', async (req) => {
  const input = parseJsonBody(req, RotationRequest);
  const rotation = await rotationFromInput(input, newRotationId(), 0, nowIso());
  await createRotation(rotation, {
    actor: callerOf(req).username,
    action: 'rotation.create',
    entityType: 'rotation',
    entityId: rotation.id,
    subject: rotationSubject(rotation),
    after: { site: rotation.site_name, unit: rotation.unit, course: rotation.course_name, starts_on: rotation.starts_on, ends_on: rotation.ends_on, capacity: rotation.capacity },
  });
  const body: Rotation = presentRotation(rotation);
  return { status: 201, body };
});
