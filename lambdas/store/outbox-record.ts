/**
 * The consumer's side of the outbox (store/outbox.ts): the message a stream record of an outbox item
 * carries. Apart from the writer, so a consumer that writes nothing to the table (schedules-create)
 * bundles no DynamoDB client.
 */
import { outboxTopicPrefix, type OutboxTopic } from './table-schema.js';

/** The message of `topic` an outbox item's stream record carries (its new image, as the stream's attribute values), or null. */
export function outboxMessage(topic: OutboxTopic, record: unknown): string | null {
  const image = (record as { dynamodb?: { NewImage?: Record<string, { S?: string }> } } | null)?.dynamodb?.NewImage;
  const pk = image?.pk?.S;
  return pk?.startsWith(outboxTopicPrefix(topic)) && typeof image?.message?.S === 'string' ? image.message.S : null;
}
