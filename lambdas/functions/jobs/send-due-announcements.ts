/**
 * Scheduled (jobs table: announcements-send-due, every minute): the announcements whose send time has
 * come, as of the run's time (so `POST /local/jobs/announcements-send-due/run` with a `now` sends those
 * due by then and no others). An announcement whose immediate send failed to queue is due too.
 */
import { nowIso } from '../../domain/clock.js';
import { job } from '../../schedule/job.js';
import { sendAnnouncement } from '../../notify/announcements.js';
import { dueAnnouncements } from '../../store/announcement.js';

export const handler = job('announcements-send-due', async () => {
  const due = await dueAnnouncements(nowIso());
  const sent: string[] = [];
  for (const a of due) if (await sendAnnouncement(a)) sent.push(a.id);
  return { sent };
});
