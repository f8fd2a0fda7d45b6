/**
 * SES's events for our emails, as the configuration set's EventBridge destination publishes them
 * (https://docs.aws.amazon.com/ses/latest/dg/event-publishing-retrieving-sns-contents.html: the
 * detail is SES's event record, `eventType` with `mail` and one object per type; EventBridge wraps it
 * with detail-types such as "Email Bounced": https://docs.aws.amazon.com/eventbridge/latest/ref/events-ref-ses.html).
 * Each updates the message's status (never backwards: events can arrive out of order); a hard
 * bounce or a complaint also stops email to the address, and flags the recipient on an announcement.
 */
import * as z from '../contract/zod.js';
import type { MessageStatus } from '../contract/notifications.js';
import { suppressionOf } from '../domain/notification-rules.js';
import { flagRecipient } from '../store/announcement.js';
import { lazy } from '../store/dynamo.js';
import { getEmailMessage, setEmailStatus, suppressAddress } from '../store/notification.js';
import { getStudentContact } from '../store/student.js';
import { usernameFromTag } from './message-tags.js';

const SesEvent = lazy(() =>
  z.object({
    source: z.literal('aws.ses'),
    detail: z.object({
      eventType: z.string(),
      mail: z.object({ messageId: z.string(), destination: z.array(z.string()), tags: z.optional(z.record(z.string(), z.array(z.string()))) }),
      bounce: z.optional(z.object({ bounceType: z.string(), bounceSubType: z.optional(z.string()), bouncedRecipients: z.array(z.object({ emailAddress: z.string() })) })),
      complaint: z.optional(z.object({ complainedRecipients: z.array(z.object({ emailAddress: z.string() })) })),
    }),
  }),
);

export type EmailEventOutcome = 'recorded' | 'unchanged' | 'not-ours' | 'unreadable';

export async function recordEmailEvent(body: string): Promise<EmailEventOutcome> {
  let parsed;
  try {
    parsed = SesEvent().safeParse(JSON.parse(body));
  } catch {
    return 'unreadable';
  }
  if (!parsed.success) return 'unreadable';
  const { eventType, mail, bounce, complaint } = parsed.data.detail;
  const id = mail.tags?.portal_message?.[0];
  const userTag = mail.tags?.portal_user?.[0];
  if (!id || !userTag) return 'not-ours';
  const username = usernameFromTag(userTag);

  let status: MessageStatus | null = null;
  let suppress: 'bounced' | 'complained' | null = null;
  // Send: SES took it, which the sender recorded already when SES answered (nothing to write)
  if (eventType === 'Delivery') status = 'delivered';
  else if (eventType === 'Reject' || eventType === 'Rendering Failure') status = 'failed';
  else if (eventType === 'Bounce' && bounce) {
    suppress = suppressionOf({ type: 'Bounce', bounceType: bounce.bounceType });
    // SES did not try: the address is on the account's (or the configuration set's) suppression list
    status = bounce.bounceSubType?.startsWith('On') && bounce.bounceSubType.endsWith('SuppressionList') ? 'suppressed' : suppress ? 'bounced' : null;
  } else if (eventType === 'Complaint' && complaint) {
    suppress = 'complained';
    status = 'complained';
  }
  if (!status) return 'unchanged';

  const changed = await setEmailStatus(username, id, status, { sesMessageId: mail.messageId });
  if (suppress) {
    const addresses = bounce?.bouncedRecipients.map((r) => r.emailAddress) ?? complaint?.complainedRecipients.map((r) => r.emailAddress) ?? [];
    for (const address of addresses) await suppressAddress(address, suppress);
    const message = await getEmailMessage(username, id);
    if (message?.announcementId) {
      const contact = await getStudentContact(username);
      await flagRecipient(message.announcementId, username, contact?.name ?? username, suppress);
    }
  }
  return changed ? 'recorded' : 'unchanged';
}
