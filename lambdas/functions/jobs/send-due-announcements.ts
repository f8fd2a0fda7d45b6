/**
 * Scheduled (jobs table: announcements-send-due): the announcements whose send time has come, as of the
 * run's time. It runs at each one's time (its one-time schedule, `{"scheduledTime"}`), and hourly for
 * any whose schedule was never made; `POST /local/jobs/announcements-send-due/run` with a `now` sends
 * those due by then and no others. Each is taken once, so overlapping runs send it once.
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
