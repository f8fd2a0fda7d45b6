/**
 * The digest (jobs table: notifications-digest, each morning in the school's time zone): the emails
 * the one-a-day rule held back go out as one email per person and category, saying how many notices
 * wait and linking to the inbox, never what they say. The digest claims that day's email of its
 * category like any other, so a person still gets at most one per category per day; a category
 * whose day is already taken waits for the next run. Rerunning sends nothing twice: a sent digest
 * moves its emails out of the held index.
 */
import { now } from '../domain/clock.js';
import { schoolDay } from '../domain/notification-rules.js';
import { emailSender, EmailRefused, portalUrl, sendEmail } from '../store/email.js';
import { claimEmailDay, getSuppression, listHeldEmails, setEmailStatus, type EmailMessageRecord } from '../store/notification.js';
import { messageTags } from './message-tags.js';
import { renderDigest } from './templates.js';

export interface DigestResult {
  digests: number;
  emails: number;
  waiting: number;
  suppressed: number;
}

export async function sendDigests(): Promise<DigestResult> {
  const result: DigestResult = { digests: 0, emails: 0, waiting: 0, suppressed: 0 };
  if (!emailSender()) return result;
  const groups = new Map<string, EmailMessageRecord[]>();
  for (const m of await listHeldEmails()) {
    const key = `${m.username}\u0000${m.category}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  const at = now();
  const day = schoolDay(at);
  for (const held of groups.values()) {
    const first = held[0];
    if (!first) continue;
    const latest = held.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
    if (await getSuppression(latest.address)) {
      for (const m of held) await setEmailStatus(m.username, m.id, 'suppressed');
      result.suppressed += held.length;
      continue;
    }
    if (!(await claimEmailDay(first.username, first.category, day, at.toISOString()))) {
      result.waiting += held.length;
      continue;
    }
    try {
      // the digest's events update the newest held email's status: it stands for the digest
      const sesMessageId = await sendEmail({ to: latest.address, ...renderDigest(first.category, held.length, portalUrl()), tags: messageTags(latest) });
      for (const m of held) await setEmailStatus(m.username, m.id, 'digested', { sesMessageId });
      result.digests += 1;
      result.emails += held.length;
    } catch (error) {
      if (!(error instanceof EmailRefused)) throw error;
      for (const m of held) await setEmailStatus(m.username, m.id, 'failed', { detail: error.message.slice(0, 300) });
    }
  }
  return result;
}
