/**
 * The single table's physical shape, shared by the CDK data stack and the local provisioner
 * so the two cannot drift. Item layouts live in the entity modules next to this file.
 *
 *   pk / sk          every item (STUDENT#<username> / PROFILE, ENROLL#..., LEDGER#...)
 *   gsi1pk / gsi1sk  "children of a parent": cohort roster, cohorts, courses, documents by scope
 *   gsi2pk / gsi2sk  cross-cutting feeds: finance ledger by date, documents by assigned student
 */
export const TABLE_KEYS = { partition: 'pk', sort: 'sk' } as const;

export const INDEXES = [
  { name: 'gsi1', partition: 'gsi1pk', sort: 'gsi1sk' },
  { name: 'gsi2', partition: 'gsi2pk', sort: 'gsi2sk' },
] as const;

export type IndexName = (typeof INDEXES)[number]['name'];

/** Items with this attribute (epoch seconds) are deleted by DynamoDB's TTL, e.g. applied-event markers. */
export const TTL_ATTRIBUTE = 'expiresAt';

/**
 * Items whose partition key starts with this are the transactional outbox (store/outbox.ts): the table's
 * stream carries their inserts to the job that reads them (lambdas/jobs.ts, a `tableStream` trigger).
 */
export const OUTBOX_KEY_PREFIX = 'OUTBOX#';

/**
 * What an outbox message is for; each topic has its own consumer (a `tableStream` row of lambdas/jobs.ts),
 * whose event source's filter passes only its topic's keys (outboxTopicPrefix), so a consumer is never
 * invoked for another's messages.
 */
export const OUTBOX_TOPICS = ['notifications', 'schedules'] as const;
export type OutboxTopic = (typeof OUTBOX_TOPICS)[number];
export const outboxTopicPrefix = (topic: OutboxTopic) => `${OUTBOX_KEY_PREFIX}${topic}#`;
