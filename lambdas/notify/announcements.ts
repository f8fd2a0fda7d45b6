/**
 * Sending an announcement: its event is written to the outbox in the transaction that takes it out of
 * the due index, so it is sent once whoever sends it (the create route or the due sweep), and a send
 * that fails leaves it due for the next sweep.
 */
import { takeDueAnnouncement, type AnnouncementRecord } from '../store/announcement.js';
import { noticePut, type NotifyAudience } from './events.js';

export function audienceOf(a: AnnouncementRecord): NotifyAudience {
  if (a.audience === 'program_type' && a.programType) return { kind: 'program_type', programType: a.programType };
  if (a.audience === 'cohort' && a.cohortId) return { kind: 'cohort', cohortId: a.cohortId };
  if (a.audience === 'students') return { kind: 'students', usernames: a.usernames };
  return { kind: 'general' };
}

/** Answers the announcement as sending, or null when another send took it first. */
export async function sendAnnouncement(a: AnnouncementRecord): Promise<AnnouncementRecord | null> {
  const event = noticePut({
    event: 'announcement',
    entity: a.id,
    template: 'announcement',
    params: { subject: a.subject, body: a.body },
    audience: audienceOf(a),
    email: a.sendEmail,
    announcementId: a.id,
  });
  return (await takeDueAnnouncement(a.id, [event])) ? { ...a, status: 'sending' } : null;
}
