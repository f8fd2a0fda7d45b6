/**
 * Queue consumer (jobs table: notifications-deliver): a delivery (queued by the fan-out) writes one
 * person's notice and sends its email (lambdas/notify/deliver.ts). A failure
 * (SES throttling, a table fault) retries the message until SQS's maxReceiveCount, then it waits in
 * the dead-letter queue, whose alarm pages. An unreadable message is dropped, not retried.
 */
import { logger } from '../../observability/powertools.js';
import { job } from '../../schedule/job.js';
import { deliver } from '../../notify/deliver.js';
import { parseNotifyMessage } from '../../notify/events.js';

interface SqsRecord {
  messageId?: string;
  body?: string;
}

export const handler = job('notifications-deliver', async ({ event }) => {
  const outcomes: string[] = [];
  for (const record of (event.Records ?? []) as SqsRecord[]) {
    const message = parseNotifyMessage(record.body ?? '');
    if (message?.kind !== 'delivery') {
      logger.error('not a notification delivery: dropped', { messageId: record.messageId, body: String(record.body).slice(0, 200) });
      outcomes.push('dropped');
      continue;
    }
    outcomes.push(await deliver(message));
  }
  return { outcomes };
});
