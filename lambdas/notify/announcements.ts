/**
 * Sending an announcement: queue its event first, then take it out of the due index. In that order a
 * failure between the two leaves it due, and the next sweep queues it again; the recipients' notices
 * are keyed by the announcement, so the second fan-out adds nothing.
 */
import { takeDueAnnouncement, type AnnouncementRecord } from '../store/announcement.js';
import { notify, type NotifyAudience } from './events.js';

export function audienceOf(a: AnnouncementRecord): NotifyAudience {
  if (a.audience === 'program_type' && a.programType) return { kind: 'program_type', programType: a.programType };
  if (a.audience === 'cohort' && a.cohortId) return { kind: 'cohort', cohortId: a.cohortId };
  if (a.audience === 'students') return { kind: 'students', usernames: a.usernames };
  return { kind: 'general' };
}

export async function sendAnnouncement(a: AnnouncementRecord): Promise<AnnouncementRecord> {
  await notify({
    event: 'announcement',
    entity: a.id,
    template: 'announcement',
    params: { subject: a.subject, body: a.body },
    audience: audienceOf(a),
    email: a.sendEmail,
    announcementId: a.id,
  });
  await takeDueAnnouncement(a.id);
  return { ...a, status: 'sending' };
}
