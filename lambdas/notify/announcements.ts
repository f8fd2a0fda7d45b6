/**
 * Sending an announcement: its event is written to the outbox in the transaction that stores it (one
 * sent now) or that takes it out of the due index (one scheduled, at its time), so it is sent once, and
 * a send that fails leaves it due for the next run.
 */
import { takeDueAnnouncement, type AnnouncementRecord } from '../store/announcement.js';
import { noticePut, type NotifyAudience } from './events.js';

export function audienceOf(a: AnnouncementRecord): NotifyAudience {
  if (a.audience === 'program_type' && a.programType) return { kind: 'program_type', programType: a.programType };
  if (a.audience === 'cohort' && a.cohortId) return { kind: 'cohort', cohortId: a.cohortId };
  if (a.audience === 'students') return { kind: 'students', usernames: a.usernames };
  return { kind: 'general' };
}

/** Its notification event's outbox write. */
export function announcementNotice(a: AnnouncementRecord) {
  return noticePut({
    event: 'announcement',
    entity: a.id,
    template: 'announcement',
    params: { subject: a.subject, body: a.body },
    audience: audienceOf(a),
    email: a.sendEmail,
    announcementId: a.id,
  });
}

/** Sends a scheduled one: answers it as sending, or null when another run took it first. */
export async function sendAnnouncement(a: AnnouncementRecord): Promise<AnnouncementRecord | null> {
  return (await takeDueAnnouncement(a.id, [announcementNotice(a)])) ? { ...a, status: 'sending' } : null;
}
