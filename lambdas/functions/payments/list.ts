/**
 * GET /api/payments/ — the finance ledger (finance, admin): filters, newest first, cursor pages.
 * Students' payments are their records: each page is in the audit log, naming whose it showed.
 */
import { PaymentListQuery } from '../../contract/payments.js';
import { decodeCursor } from '../../http/cursor.js';
import { callerOf, route } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { recordRead, studentsShown } from '../../store/audit.js';
import { listPayments } from '../../store/payment.js';
import { presentPage } from '../../presenters/payment.js';

export const handler = route('payments-list', async (req) => {
  const q = parseQuery(req, PaymentListQuery);
  const results = await listPayments({ ...q, limit: q.limit ?? 50, cursor: decodeCursor(q.cursor) });
  const { limit: _l, cursor: _c, ...filters } = q;
  await recordRead({
    actor: callerOf(req).username,
    action: 'payments.read',
    entityType: q.username ? 'student' : 'payments',
    entityId: q.username ?? 'ledger',
    detail: { filters, ...studentsShown(results.records.map((r) => r.username)) },
  });
  return { body: presentPage(results) };
});
