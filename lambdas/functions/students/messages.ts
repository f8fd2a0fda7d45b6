/**
 * GET /api/students/{username}/messages/ (staff, admin) — the emails sent to a student and what became
 * of each (delivered, bounced, held for the digest...). A read of their record: audited first.
 */
import { type MessageLogItem } from '../../contract/notifications.js';
import { MessageListQuery } from '../../contract/notification-requests.js';
import type { Page } from '../../contract/page.js';
import { UsernameParams } from '../../contract/params.js';
import { NotFound } from '../../domain/errors.js';
import { decodeCursor, encodeCursor } from '../../http/cursor.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams, parseQuery } from '../../http/validate.js';
import { presentMessage } from '../../presenters/notification.js';
import { recordRead } from '../../store/audit.js';
import { listEmailMessages } from '../../store/notification.js';
import { getStudentRef } from '../../store/student.js';

export const handler = route('students-messages', async (req) => {
  const { username } = parseParams(req, UsernameParams);
  const q = parseQuery(req, MessageListQuery);
  const [student, page] = await Promise.all([getStudentRef(username), listEmailMessages(username, q.limit ?? 50, decodeCursor(q.cursor))]);
  if (!student) throw new NotFound('Student not found');
  await recordRead({
    actor: callerOf(req).username,
    action: 'student.messages.read',
    entityType: 'student',
    entityId: username,
    detail: { messages: page.messages.map((m) => m.id) },
  });
  const body: Page<MessageLogItem> = { results: page.messages.map(presentMessage), count: page.messages.length, next: encodeCursor(page.lastKey) };
  return { body };
});
