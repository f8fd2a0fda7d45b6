/**
 * The tags SES copies into every event of a message (`mail.tags`): how an event finds its email record.
 * Tag values allow only letters, digits and `_-.@` (https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_MessageTag.html),
 * so the username goes base64url-encoded.
 */
import type { EmailMessageRecord } from '../store/notification.js';

export const messageTags = (m: Pick<EmailMessageRecord, 'id' | 'username'>) => ({ portal_message: m.id, portal_user: Buffer.from(m.username).toString('base64url') });

export const usernameFromTag = (tag: string) => Buffer.from(tag, 'base64url').toString('utf8');
