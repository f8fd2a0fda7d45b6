/**
 * POST /api/rotations/{id}/share/ (compliance, admin) — a link for the clinical site to see the roster: names,
 * requirement statuses and expiry dates as they are now, never the files and never the reasons (which may speak of
 * money). Only when everyone is cleared, or with the coordinator's reason to share anyway (409 without one). The
 * share is stored with its audit entry, the record of the disclosure; the token is answered once, stored as a hash.
 */
import { randomUUID } from 'node:crypto';
import { SHARE_DAYS, ShareRequest, type RosterShare } from '../../contract/clinical.js';
import { RecordIdParams } from '../../contract/params.js';
import { rosterStandings } from '../../clinical/roster.js';
import { DAY_MS, now, schoolDay } from '../../domain/clock.js';
import { Conflict } from '../../domain/errors.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody, parseParams } from '../../http/validate.js';
import { createShare, newShareToken, requireRotationWithMembers, rotationSubject } from '../../store/rotation.js';

export const handler = route('rotations-share', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  const input = parseJsonBody(req, ShareRequest);
  const caller = callerOf(req).username;
  const { rotation, members } = await requireRotationWithMembers(id);
  if (!members.length) throw new Conflict('No one is on this rotation yet; assign students before sharing the roster');
  const at = now();
  const standings = await rosterStandings(rotation, members, schoolDay(at));
  const blocked = standings.filter((s) => !s.cleared).length;
  const override = input.override_reason || null;
  if (blocked && !override) {
    throw new Conflict(`${blocked} of ${standings.length} students are not cleared; give a reason to share the roster anyway (override_reason)`);
  }
  const { token, tokenHash } = newShareToken();
  const expiresAt = new Date(at.getTime() + (input.expires_in_days ?? SHARE_DAYS.default) * DAY_MS).toISOString();
  const shareId = randomUUID();
  await createShare(
    {
      id: shareId,
      rotation_id: id,
      recipient: input.recipient,
      shared_by: caller,
      shared_at: at.toISOString(),
      expires_at: expiresAt,
      override_reason: override,
      tokenHash,
      roster: {
        site_name: rotation.site_name,
        unit: rotation.unit,
        course_name: rotation.course_name,
        instructor: rotation.instructor,
        starts_on: rotation.starts_on,
        ends_on: rotation.ends_on,
        students: standings.map((s) => ({
          first_name: s.first_name,
          last_name: s.last_name,
          cleared: s.cleared,
          requirements: s.requirements.map((r) => ({ name: r.requirement.name, status_label: r.status_label, expires_on: r.expires_on })),
        })),
      },
    },
    {
      actor: caller,
      action: 'rotation.roster.share',
      entityType: 'rotation',
      entityId: id,
      subject: rotationSubject(rotation),
      after: { share: shareId, recipient: input.recipient, expires_at: expiresAt, students: members.map((m) => m.username), not_cleared: blocked, override_reason: override },
    },
  );
  const body: RosterShare = { id: shareId, path: `/shared/rosters/${token}`, expires_at: expiresAt, overridden: blocked > 0 };
  return { status: 201, body };
});
