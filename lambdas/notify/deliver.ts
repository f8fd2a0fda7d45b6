/**
 * One person's notice (jobs table: notifications-deliver; notify/fan-out.ts queues them): written once
 * (its key), then the email decided (preferences, suppression, the one-a-day rule:
 * domain/notification-rules.ts) and sent through SES.
 * A delivery whose notice exists already only finishes what a crash left undone: an email still
 * `queued` is sent. Everything else about it was done, so a redelivered event sends nothing twice.
 */
import { randomBytes } from 'node:crypto';
import { now } from '../domain/clock.js';
import { decideEmail, noticeId, noticeKey, schoolDay } from '../domain/notification-rules.js';
import { logger } from '../observability/powertools.js';
import { flagRecipient } from '../store/announcement.js';
import { EmailRefused, emailSender, portalUrl, sendEmail } from '../store/email.js';
import { claimEmailSend, getPreferences, getSuppression, noticeByKey, setEmailStatus, writeNotice, type EmailMessageRecord, type NoticeRecord } from '../store/notification.js';
import { documentKeys } from '../store/document.js';
import { getItem } from '../store/dynamo.js';
import { getStudentContact } from '../store/student.js';
import { DOCUMENT_REQUIRED, type Delivery } from './events.js';
import { messageTags } from './message-tags.js';
import { emailSubject, renderEmail, renderNotice, type Params, type TemplateId } from './templates.js';

/** A student's address and name from their profile (staff carry theirs, or none, in the delivery). */
async function contactOf(d: Delivery): Promise<{ address: string | null; name: string }> {
  if (d.recipient.address !== undefined) return { address: d.recipient.address, name: d.recipient.username };
  const contact = await getStudentContact(d.recipient.username);
  return { address: contact?.email || null, name: contact?.name ?? d.recipient.username };
}

export type DeliveryOutcome = 'duplicate' | 'obsolete' | 'resumed' | 'in_app' | 'sent' | 'held' | 'suppressed' | 'failed';

/**
 * Whether what the notice is about is still there: a document deleted between its upload and this
 * delivery (a large audience's deliveries can queue for minutes) is not announced, since the notice
 * would ask for an acknowledgement of nothing.
 */
async function stillThere(d: Delivery): Promise<boolean> {
  if (d.event !== DOCUMENT_REQUIRED) return true;
  return (await getItem(documentKeys.document(d.entity))) !== undefined;
}

export async function deliver(d: Delivery): Promise<DeliveryOutcome> {
  const key = noticeKey({ event: d.event, entity: d.entity, recipient: d.recipient.username, occasion: d.occasion });
  const existing = await noticeByKey(key);
  if (existing) {
    if (existing.email?.status !== 'queued') return 'duplicate';
    const outcome = await send(existing.email);
    return outcome === 'sent' ? 'resumed' : outcome;
  }

  if (!(await stillThere(d))) return 'obsolete';
  const at = now();
  const [contact, preferences] = await Promise.all([contactOf(d), getPreferences(d.recipient.username)]);
  const suppression = contact.address ? await getSuppression(contact.address) : null;
  const template = d.template as TemplateId; // checked when the message was parsed (events.ts)
  const rendered = renderNotice(template, d.params);
  const id = noticeId(at, randomBytes(6).toString('hex'));
  const notice: NoticeRecord = { id, username: d.recipient.username, ...rendered, createdAt: at.toISOString(), readAt: null, key };
  const decision = decideEmail({
    category: rendered.category,
    wantsEmail: d.email && emailSender() !== null,
    email: contact.address,
    preferences,
    suppressed: suppression !== null,
    emailedToday: false,
  });
  const emailOf = (status: EmailMessageRecord['status']): EmailMessageRecord => ({
    id,
    username: d.recipient.username,
    address: contact.address ?? '',
    category: rendered.category,
    subject: emailSubject(template, d.params), // the subject only: the body is rendered when it is sent
    template: d.template,
    params: d.params,
    status,
    announcementId: d.announcementId,
    createdAt: notice.createdAt,
    updatedAt: notice.createdAt,
  });

  if (decision === 'suppressed') {
    if ((await writeNotice({ notice, email: emailOf('suppressed'), emailDay: null })) === 'duplicate') return 'duplicate';
    if (d.announcementId && suppression) await flagRecipient(d.announcementId, d.recipient.username, contact.name, suppression.reason);
    return 'suppressed';
  }
  if (decision !== 'send') {
    return (await writeNotice({ notice, email: null, emailDay: null })) === 'duplicate' ? 'duplicate' : 'in_app';
  }
  // the first email of its category today claims the day; a later one waits for the digest
  const written = await writeNotice({ notice, email: emailOf('queued'), emailDay: schoolDay(at) });
  if (written === 'duplicate') return 'duplicate';
  if (written === 'day-taken') {
    const again = await writeNotice({ notice, email: emailOf('held'), emailDay: null });
    return again === 'duplicate' ? 'duplicate' : 'held';
  }
  return send(emailOf('queued'));
}

/** How long a claimed send may take before another delivery of the event takes it over (a Lambda runs 60 s at most). */
const SEND_LEASE_MS = 2 * 60_000;

/**
 * Sends a queued email, once: it is claimed first (a concurrent redelivery finds it claimed and
 * stops), then SES's id is recorded. A refusal is recorded as failed: retrying would be refused again.
 */
async function send(email: EmailMessageRecord): Promise<'sent' | 'duplicate' | 'failed'> {
  const at = now();
  if (!(await claimEmailSend(email.username, email.id, at.toISOString(), new Date(at.getTime() - SEND_LEASE_MS).toISOString()))) return 'duplicate';
  const rendered = renderEmail(email.template as TemplateId, email.params as Params, portalUrl());
  try {
    const sesMessageId = await sendEmail({ to: email.address, ...rendered, tags: messageTags(email) });
    await setEmailStatus(email.username, email.id, 'sent', { sesMessageId });
    return 'sent';
  } catch (error) {
    if (!(error instanceof EmailRefused)) throw error; // throttled or down: the queue retries
    logger.warn('SES refused an email', { messageId: email.id, reason: error.message });
    await setEmailStatus(email.username, email.id, 'failed', { detail: error.message.slice(0, 300) });
    return 'failed';
  }
}
