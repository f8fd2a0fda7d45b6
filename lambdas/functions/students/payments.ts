/**
 * GET /api/students/{username}/payments/ — a student's card payments (receipts); own record only for
 * students. Anyone else's read is in the audit log before it is answered.
 */
import * as z from '../../contract/zod.js';
import { Forbidden } from '../../domain/errors.js';
import { canReadAnyStudent } from '../../domain/roles.js';
import { decodeCursor } from '../../http/cursor.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams, parseQuery } from '../../http/validate.js';
import { recordRead } from '../../store/audit.js';
import { listPayments } from '../../store/payment.js';
import { presentPage } from '../../presenters/payment.js';
import { UsernameParams } from '../../contract/params.js';

const Query = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200))),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
});

export const handler = route('students-payments', async (req) => {
  const { username } = parseParams(req, UsernameParams);
  const caller = callerOf(req);
  if (caller.username !== username && !canReadAnyStudent(caller.roles)) throw new Forbidden();
  const q = parseQuery(req, Query);
  const results = await listPayments({ username, limit: q.limit ?? 50, cursor: decodeCursor(q.cursor) });
  if (caller.username !== username) {
    await recordRead({
      actor: caller.username,
      action: 'student.payments.read',
      entityType: 'student',
      entityId: username,
      detail: { payments: results.records.map((r) => r.intentId) },
    });
  }
  return { body: presentPage(results) };
});
