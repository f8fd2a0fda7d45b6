/**
 * POST /api/announcements/ (staff, admin) — an announcement to all students, a program type, a cohort
 * or named students, in-app and (unless turned off) by email, now or at `send_at`. The request only
 * stores it with its event (sent now: the fan-out to each recipient runs as queued work,
 * notifications-fanout) or its run at `send_at` (a one-time schedule, made by schedules-create).
 */
import { AnnouncementRequest } from '../../contract/notification-requests.js';
import { nowIso } from '../../domain/clock.js';
import { Invalid } from '../../domain/errors.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { announcementNotice } from '../../notify/announcements.js';
import { presentAnnouncement } from '../../presenters/notification.js';
import type { OneTimeRun } from '../../schedule/one-time.js';
import { createAnnouncement, type NewAnnouncement } from '../../store/announcement.js';
import { getCohort } from '../../store/cohort.js';
import { batchGetAll } from '../../store/dynamo.js';
import { outboxPut } from '../../store/outbox.js';
import { studentKeys } from '../../store/student.js';

const YEAR_MS = 366 * 86_400_000;

export const handler = route('announcements-create', async (req) => {
  const caller = callerOf(req);
  const input = parseJsonBody(req, AnnouncementRequest);
  const at = nowIso();
  const sendAt = input.send_at ? new Date(input.send_at).toISOString() : null;
  if (sendAt && Date.parse(sendAt) - Date.parse(at) > YEAR_MS) throw new Invalid('send_at: must be within a year');
  if (input.audience === 'cohort' && !(await getCohort(input.cohort_id ?? ''))) throw new Invalid('cohort_id: no such cohort');
  const usernames = input.audience === 'students' ? [...new Set(input.usernames ?? [])] : [];
  if (usernames.length) {
    const found = new Set((await batchGetAll(usernames.map(studentKeys.profile))).map((i) => String(i.username)));
    const unknown = usernames.filter((u) => !found.has(u));
    if (unknown.length) throw new Invalid(`usernames: no student named ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''}`);
  }
  const scheduled = sendAt !== null && sendAt > at;
  const sendTime = scheduled ? sendAt : at;
  const fields: NewAnnouncement = {
    subject: input.subject,
    body: input.body,
    audience: input.audience,
    programType: input.audience === 'program_type' ? (input.program_type ?? null) : null,
    cohortId: input.audience === 'cohort' ? (input.cohort_id ?? null) : null,
    usernames,
    sendEmail: input.send_email,
    sendAt: sendTime,
    status: scheduled ? 'scheduled' : 'sending',
    createdBy: caller.username,
    createdAt: at,
  };
  const runAtSendTime = (a: { id: string }) => outboxPut('schedules', { job: 'announcements-send-due', key: a.id, at: sendTime } satisfies OneTimeRun);
  const record = await createAnnouncement(fields, (a) => [scheduled ? runAtSendTime(a) : announcementNotice(a)]);
  return { status: 201, body: presentAnnouncement(record) };
});
