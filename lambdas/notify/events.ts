/**
 * What producers write to the outbox (store/outbox.ts; jobs table: notifications-fanout reads it from the
 * table's stream) and what the fan-out puts on the delivery queue (notifications-deliver), with the calls
 * producers make. An `event` names who it is for (an audience); the fan-out turns it into one `delivery`
 * per recipient, so a burst (an announcement to 300 students) never blocks the request that caused it,
 * and each person's notice and email is retried on its own. A producer with a write of its own puts the
 * event in that write's transaction (`noticePut`): the notice exists exactly when the change does.
 *
 * Producers may send the same event more than once (a webhook delivered twice, a request retried):
 * every delivery is keyed by event + entity + recipient + occasion (domain/notification-rules.ts),
 * and the store writes one notice and one email per key.
 */
import { PROGRAM_TYPES } from '../contract/programs.js';
import * as z from '../contract/zod.js';
import { lazy } from '../store/dynamo.js';
import { logger } from '../observability/powertools.js';
import { outboxPut, putOutbox } from '../store/outbox.js';
import { isTemplateId, type TemplateId } from './template-ids.js';
import type { Params } from './templates.js';

const AudienceSchema = lazy(() =>
  z.union([
    z.object({ kind: z.literal('students'), usernames: z.array(z.string()) }),
    z.object({ kind: z.literal('general') }),
    z.object({ kind: z.literal('program_type'), programType: z.enum(PROGRAM_TYPES) }),
    z.object({ kind: z.literal('cohort'), cohortId: z.string() }),
    /** Whoever a document asks to acknowledge it (store/document-audience.ts), resolved by the consumer. */
    z.object({ kind: z.literal('document'), documentId: z.string() }),
    /** A staff member (an import's admin): an address only if the producer knows one. */
    z.object({ kind: z.literal('staff'), username: z.string(), address: z.nullable(z.string()) }),
  ]),
);
export type NotifyAudience = z.infer<ReturnType<typeof AudienceSchema>>;

/** Built inside the lazy schemas: a producer's cold start builds none of them. */
const common = () => ({
  /** What happened, e.g. `payment.succeeded`: the first part of the idempotency key. */
  event: z.string(),
  /** What it happened to (a PaymentIntent id, a document id). */
  entity: z.string(),
  /** Distinguishes repeats of one event on purpose (a reminder's threshold). */
  occasion: z.optional(z.string()),
  template: z.string().check(z.refine(isTemplateId, 'is not a template')),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** Whether it goes by email too (preferences, suppression and the digest rule still apply). */
  email: z.boolean(),
  announcementId: z.optional(z.string()),
});

const MessageSchema = lazy(() =>
  z.union([
    z.object({ kind: z.literal('event'), ...common(), audience: AudienceSchema() }),
    z.object({ kind: z.literal('delivery'), ...common(), recipient: z.object({ username: z.string(), address: z.optional(z.nullable(z.string())) }) }),
  ]),
);
export type NotifyMessage = z.infer<ReturnType<typeof MessageSchema>>;
export type NotifyEvent = Extract<NotifyMessage, { kind: 'event' }>;
export type Delivery = Extract<NotifyMessage, { kind: 'delivery' }>;

export function parseNotifyMessage(body: string): NotifyMessage | null {
  try {
    const parsed = MessageSchema().safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface Notify {
  event: string;
  entity: string;
  occasion?: string;
  template: TemplateId;
  params: Params;
  audience: NotifyAudience;
  email?: boolean;
  announcementId?: string;
}

function eventOf(n: Notify): NotifyEvent {
  return {
    kind: 'event',
    event: n.event,
    entity: n.entity,
    occasion: n.occasion,
    template: n.template,
    params: n.params,
    email: n.email ?? true,
    announcementId: n.announcementId,
    audience: n.audience,
  };
}

/** The event's outbox write, for the producer's own transaction (store/dynamo.ts transactWrite). */
export const noticePut = (n: Notify) => outboxPut('notifications', eventOf(n));

/** Writes the event to the outbox on its own, for a producer whose change is already stored. */
export async function notify(n: Notify): Promise<void> {
  await putOutbox('notifications', eventOf(n));
}

/**
 * For a route whose own write is already committed: a notice that cannot be written is logged, never
 * turned into an error answer (which would say nothing was stored).
 */
export async function notifyAfterCommit(n: Notify): Promise<void> {
  try {
    await notify(n);
  } catch (error) {
    logger.error('notice not written', { event: n.event, entity: n.entity, error: (error as Error).message });
  }
}

/** The welcome of new student accounts: keyed per student, so one each whether created alone or by an import, however often retried. */
export const welcomeNotice = (usernames: string[]): Notify => ({
  event: 'account.created',
  entity: 'account',
  template: 'account_created',
  params: {},
  audience: { kind: 'students', usernames },
});

export const DOCUMENT_REQUIRED = 'document.required';

/** A new document its audience must acknowledge: whoever it asks (store/document-audience.ts), resolved by the fan-out. */
export const documentRequiredNotice = (documentId: string, documentTitle: string): Notify => ({
  event: DOCUMENT_REQUIRED,
  entity: documentId,
  template: 'document_required',
  params: { documentTitle },
  audience: { kind: 'document', documentId },
});

/** The deliveries of an event's recipients, for the consumer to queue. */
export const deliveriesOf = (e: NotifyEvent, usernames: string[]): Delivery[] =>
  usernames.map((username) => ({
    kind: 'delivery',
    event: e.event,
    entity: e.entity,
    occasion: e.occasion,
    template: e.template,
    params: e.params,
    email: e.email,
    announcementId: e.announcementId,
    recipient: { username },
  }));
