/**
 * The fan-out (jobs table: notifications-fanout): an event's audience resolved to usernames (Queries on
 * the students' indexes, never a Scan) and one delivery each queued for notifications-deliver. Running
 * it twice queues the deliveries twice, which their keys make harmless.
 */
import { nowIso } from '../domain/clock.js';
import { markAnnouncementSent } from '../store/announcement.js';
import { getDocument } from '../store/document.js';
import { expectedAcknowledgers } from '../store/document-audience.js';
import { sendToQueue } from '../store/queue.js';
import { listAllStudents, listStudentsOfCohort, listStudentsOfProgram } from '../store/student.js';
import { deliveriesOf, type NotifyEvent } from './events.js';

/** Resolves the audience and queues one delivery per person; answers how many. */
export async function fanOut(event: NotifyEvent): Promise<number> {
  const usernames = await recipientsOf(event.audience);
  const staff = event.audience.kind === 'staff' ? event.audience : null;
  // a staff member's address travels with the event (staff have no student profile to read it from)
  const deliveries = deliveriesOf(event, usernames).map((d) => (staff ? { ...d, recipient: { username: staff.username, address: staff.address } } : d));
  await sendToQueue('notifications-deliver', deliveries);
  if (event.announcementId) await markAnnouncementSent(event.announcementId, usernames.length, nowIso());
  return usernames.length;
}

async function recipientsOf(a: NotifyEvent['audience']): Promise<string[]> {
  switch (a.kind) {
    case 'students':
      return [...new Set(a.usernames)];
    case 'staff':
      return [a.username];
    case 'general':
      return (await listAllStudents()).map((s) => s.username);
    case 'program_type':
      return (await listStudentsOfProgram(a.programType)).map((s) => s.username);
    case 'cohort':
      return (await listStudentsOfCohort(a.cohortId)).map((s) => s.username);
    case 'document': {
      const doc = await getDocument(a.documentId);
      return doc ? (await expectedAcknowledgers(doc)).map((s) => s.username) : []; // deleted since: nobody
    }
  }
}
