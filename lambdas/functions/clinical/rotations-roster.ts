/**
 * GET /api/rotations/{id}/roster/ (compliance, admin) — who is on a rotation, each cleared for it or not and why,
 * worked out now (a new charge or an approval shows at once). Audited as a read of the students it shows.
 */
import type { RotationRoster } from '../../contract/clinical.js';
import { RecordIdParams } from '../../contract/params.js';
import { rosterStandings } from '../../clinical/roster.js';
import { now, schoolDay } from '../../domain/clock.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { presentRotation } from '../../presenters/clinical.js';
import { recordRosterRead } from '../../store/audit.js';
import { requireRotationWithMembers, rotationSubject } from '../../store/rotation.js';

export const handler = route('rotations-roster', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  const { rotation, members } = await requireRotationWithMembers(id);
  if (members.length) {
    const shown = members.map((m) => m.username);
    await recordRosterRead(callerOf(req).username, 'rotation.roster.read', { entityType: 'rotation', entityId: id, subject: rotationSubject(rotation) }, shown);
  }
  const standings = await rosterStandings(rotation, members, schoolDay(now()));
  const students = standings.map(({ requirements: _requirements, ...entry }) => entry);
  const body: RotationRoster = { rotation: presentRotation(rotation), students, all_cleared: students.every((s) => s.cleared) };
  return { body };
});
