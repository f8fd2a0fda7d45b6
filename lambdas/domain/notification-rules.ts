/**
 * Who gets an email for a notice, pure: the in-app notice always exists; the email follows the
 * category, the person's preferences, whether their address still takes mail, and the digest rule
 * (at most one email per category per person per school day; later ones wait for the next digest).
 */
import { DEFAULT_PREFERENCES, type NotificationCategory, type NotificationPreferences } from '../contract/notifications.js';

export type EmailDecision =
  /** Send it now (it is the first of its category today). */
  | 'send'
  /** A later one today: keep it for the next digest. */
  | 'hold'
  /** The person asked for this category in-app only. */
  | 'in_app_only'
  /** Their address bounced or complained: in-app only, and flagged to staff. */
  | 'suppressed'
  /** No address to send to. */
  | 'no_address';

/** Whether a category's email can be switched off: billing, required actions and account notices cannot. */
export const emailOptional = (category: NotificationCategory): category is keyof NotificationPreferences => category === 'announcement' || category === 'reminder';

export function decideEmail(input: {
  category: NotificationCategory;
  /** The notice asks for an email at all (an announcement may be in-app only). */
  wantsEmail: boolean;
  email: string | null;
  preferences: NotificationPreferences | null;
  suppressed: boolean;
  /** An email of this category already went to this person today (school time). */
  emailedToday: boolean;
}): EmailDecision | 'none' {
  if (!input.wantsEmail) return 'none';
  if (!input.email) return 'no_address';
  const prefs = input.preferences ?? DEFAULT_PREFERENCES;
  if (emailOptional(input.category) && prefs[input.category] === 'in_app') return 'in_app_only';
  if (input.suppressed) return 'suppressed';
  return input.emailedToday ? 'hold' : 'send';
}

export { schoolDay } from './clock.js';

/**
 * The idempotency key of one notice to one person: the event, the entity it is about, the recipient
 * and the occasion (a reminder's threshold, a retry's attempt). The same event delivered twice, or a
 * job run again, makes the same key, and the store keeps one notice and one email per key.
 */
export function noticeKey(parts: { event: string; entity: string; recipient: string; occasion?: string }): string {
  return [parts.event, parts.entity, parts.recipient, parts.occasion ?? '-'].map((p) => p.replace(/[#|]/g, '_')).join('|');
}

/** A notice's id: sortable by time (newest first in the inbox), then random. */
export function noticeId(at: Date, random: string): string {
  const compact = at.toISOString().replace(/[-:]/g, '').replace('.', ''); // 20261124T144500123Z
  return `${compact}-${random}`;
}

/** How a bounce or complaint is told to staff: permanent bounces and complaints stop email; a soft bounce does not. */
export function suppressionOf(event: { type: 'Bounce' | 'Complaint'; bounceType?: string }): 'bounced' | 'complained' | null {
  if (event.type === 'Complaint') return 'complained';
  return event.bounceType === 'Permanent' ? 'bounced' : null;
}
