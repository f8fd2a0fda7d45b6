/**
 * Scheduled (jobs table: compliance-summary, every morning, school time): each compliance coordinator gets the day's
 * counts, what waits for review and what expires within 30 days, once a day (the occasion is the day). Counted from
 * the review queue and expiry indexes without reading the items out.
 */
import { schoolDay } from '../../domain/clock.js';
import { addDays, EXPIRING_WITHIN_DAYS } from '../../domain/compliance.js';
import { job } from '../../schedule/job.js';
import { notify } from '../../notify/events.js';
import { groupMembers } from '../../store/cognito-groups.js';
import { queueCounts } from '../../store/compliance.js';

export const handler = job('compliance-summary', async ({ now }) => {
  const today = schoolDay(now);
  const [counts, coordinators] = await Promise.all([queueCounts(today, addDays(today, EXPIRING_WITHIN_DAYS)), groupMembers('compliance')]);
  // nothing to say is not worth a notice
  if (counts.pending + counts.expiring > 0) {
    for (const c of coordinators) {
      await notify({
        event: 'compliance.summary',
        entity: 'compliance',
        occasion: today,
        template: 'compliance_summary',
        params: counts,
        audience: { kind: 'staff', username: c.username, address: c.email },
      });
    }
  }
  return { today, ...counts, coordinators: coordinators.length };
});
