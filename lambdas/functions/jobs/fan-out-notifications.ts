/**
 * Table stream consumer (jobs table: notifications-fanout): each notification event a producer wrote to
 * the outbox (store/outbox.ts) has its audience resolved and one delivery per recipient queued
 * (lambdas/notify/fan-out.ts). A failure retries the record; an unreadable one is dropped, not retried.
 */
import { logger } from '../../observability/powertools.js';
import { job } from '../../schedule/job.js';
import { parseNotifyMessage } from '../../notify/events.js';
import { fanOut } from '../../notify/fan-out.js';
import { outboxMessage } from '../../store/outbox-record.js';

export const handler = job('notifications-fanout', async ({ event }) => {
  const recipients: number[] = [];
  for (const record of event.Records ?? []) {
    const body = outboxMessage('notifications', record);
    const message = body === null ? null : parseNotifyMessage(body);
    if (message?.kind !== 'event') {
      logger.error('not a notification event: dropped', { eventID: (record as { eventID?: string }).eventID, body: String(body).slice(0, 200) });
      continue;
    }
    recipients.push(await fanOut(message));
  }
  return { recipients };
});
