/**
 * Queue consumer (jobs table: notifications-fanout): a notification event's audience resolved and one
 * delivery per recipient queued (lambdas/notify/fan-out.ts). A failure retries the event; an unreadable
 * message is dropped, not retried.
 */
import { logger } from '../../observability/powertools.js';
import { job } from '../../schedule/job.js';
import { parseNotifyMessage } from '../../notify/events.js';
import { fanOut } from '../../notify/fan-out.js';

export const handler = job('notifications-fanout', async ({ event }) => {
  const recipients: number[] = [];
  for (const record of (event.Records ?? []) as Array<{ messageId?: string; body?: string }>) {
    const message = parseNotifyMessage(record.body ?? '');
    if (message?.kind !== 'event') {
      logger.error('not a notification event: dropped', { messageId: record.messageId, body: String(record.body).slice(0, 200) });
      continue;
    }
    recipients.push(await fanOut(message));
  }
  return { recipients };
});
