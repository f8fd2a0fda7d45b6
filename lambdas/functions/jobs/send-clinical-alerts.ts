/**
 * Scheduled (jobs table: clinical-alerts, every morning, school time):
 *  - each rotation starting in 28, 14 or 0 days: every student on it who is not cleared (clinical/standing.ts, as of
 *    today) is told, and the compliance coordinators get one notice per rotation with how many are blocked;
 *  - each site whose affiliation agreement ends in 60 or 30 days: the coordinators and the admins are told.
 * Each notice's key names its threshold (occasion), so a rerun sends nothing new, and a day the job did not run is
 * caught up the next day within the same threshold. Rotations come from their index (by last day), sites from
 * their one partition: never a Scan.
 */
import { schoolDay } from '../../domain/clock.js';
import { addDays, daysBetween, thresholdReached } from '../../domain/compliance.js';
import { ClinicalReads, clinicalStanding } from '../../clinical/standing.js';
import { job } from '../../schedule/job.js';
import { notify, type Notify } from '../../notify/events.js';
import { listSites } from '../../store/clinical-site.js';
import { groupMembers, type GroupMember } from '../../store/cognito-groups.js';
import { getRotationWithMembers, rotationsEndingFrom } from '../../store/rotation.js';

/** Days before a rotation starts at which those not cleared are told. */
export const ROTATION_ALERT_DAYS = [28, 14, 0] as const;
/** Days before an affiliation agreement ends at which it is flagged. */
export const AGREEMENT_ALERT_DAYS = [60, 30] as const;

const toStaff = (people: readonly GroupMember[], n: Omit<Notify, 'audience'>) =>
  Promise.all(people.map((p) => notify({ ...n, audience: { kind: 'staff', username: p.username, address: p.email } })));

export const handler = job('clinical-alerts', async ({ now }) => {
  const today = schoolDay(now);
  const [rotations, sites] = await Promise.all([rotationsEndingFrom(today), listSites()]);
  let coordinators: Promise<GroupMember[]> | undefined;
  let admins: Promise<GroupMember[]> | undefined;
  const reads = new ClinicalReads();
  const rotationAlerts: string[] = [];
  for (const rotation of rotations) {
    const daysLeft = daysBetween(today, rotation.starts_on);
    const threshold = thresholdReached(ROTATION_ALERT_DAYS, daysLeft);
    if (threshold === null) continue;
    const roster = await getRotationWithMembers(rotation.id);
    if (!roster?.members.length) continue;
    const blocked: string[] = [];
    for (const member of roster.members) {
      const standing = await clinicalStanding(member.username, today, reads, rotation.id);
      if (standing && standing.rotations.find((r) => r.id === rotation.id)?.cleared) continue;
      blocked.push(member.username);
    }
    if (!blocked.length) continue;
    const occasion = `${threshold}d`;
    const params = { site: rotation.site_name, unit: rotation.unit, startsOn: rotation.starts_on, days: daysLeft };
    await notify({ event: 'rotation.not_cleared', entity: rotation.id, occasion, template: 'rotation_not_cleared', params, audience: { kind: 'students', usernames: blocked } });
    await toStaff(await (coordinators ??= groupMembers('compliance')), {
      event: 'rotation.roster_blocked',
      entity: rotation.id,
      occasion,
      template: 'rotation_roster_blocked',
      params: { ...params, rotationId: rotation.id, blocked: blocked.length, students: roster.members.length },
    });
    rotationAlerts.push(`${rotation.id} ${occasion}: ${blocked.length} of ${roster.members.length} not cleared`);
  }
  const agreementAlerts: string[] = [];
  for (const site of sites) {
    const endsOn = site.agreement?.ends_on;
    if (!endsOn || endsOn < today || endsOn > addDays(today, AGREEMENT_ALERT_DAYS[0])) continue;
    const daysLeft = daysBetween(today, endsOn);
    const threshold = thresholdReached(AGREEMENT_ALERT_DAYS, daysLeft);
    if (threshold === null) continue;
    const people = [...(await (coordinators ??= groupMembers('compliance'))), ...(await (admins ??= groupMembers('admin')))];
    const unique = [...new Map(people.map((p) => [p.username, p])).values()];
    // keyed by the agreement's end as well: a renewed agreement is flagged afresh
    await toStaff(unique, {
      event: 'agreement.ending',
      entity: `${site.id}#${endsOn}`,
      occasion: `${threshold}d`,
      template: 'agreement_ending',
      params: { site: site.name, endsOn, days: daysLeft },
    });
    agreementAlerts.push(`${site.id} ${threshold}d`);
  }
  return { today, rotations: rotations.length, rotationAlerts, agreementAlerts };
});
