/** Queue consumer (jobs table: notifications-email-events): SES's events, forwarded by an EventBridge rule (lambdas/notify/email-events.ts). */
import { logger } from '../../observability/powertools.js';
import { job } from '../../schedule/job.js';
import { recordEmailEvent } from '../../notify/email-events.js';

export const handler = job('notifications-email-events', async ({ event }) => {
  const outcomes: string[] = [];
  for (const record of (event.Records ?? []) as Array<{ messageId?: string; body?: string }>) {
    const outcome = await recordEmailEvent(record.body ?? '');
    if (outcome === 'unreadable') logger.error('not an SES event: dropped', { messageId: record.messageId, body: String(record.body).slice(0, 200) });
    outcomes.push(outcome);
  }
  return { outcomes };
});
