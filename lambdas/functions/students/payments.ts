/**
 * GET /api/students/{username}/payments/ — a student's card payments (receipts); own record only for
 * students. Anyone else's read is in the audit log before it is answered.
 */
import * as z from '../../contract/zod.js';
import { decodeCursor } from '../../http/cursor.js';
import { route } from '../../http/route.js';
import { studentRecordRequest } from '../../http/student-record.js';
import { parseQuery } from '../../http/validate.js';
import { recordStudentRead } from '../../store/audit.js';
import { listPayments } from '../../store/payment.js';
import { presentPage } from '../../presenters/payment.js';

const Query = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200))),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
});

export const handler = route('students-payments', async (req) => {
  const { username, caller } = studentRecordRequest(req);
  const q = parseQuery(req, Query);
  const results = await listPayments({ username, limit: q.limit ?? 50, cursor: decodeCursor(q.cursor) });
  await recordStudentRead(caller.username, username, 'student.payments.read', { detail: { payments: results.records.map((r) => r.intentId) } });
  return { body: presentPage(results) };
});
