/** GET /api/payments/ — the finance ledger (finance, admin): filters, newest first, cursor pages. */
import { PaymentListQuery } from '../../contract/payments.js';
import { decodeCursor } from '../../http/cursor.js';
import { route } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { listPayments } from '../../store/payments.js';
import { presentPage } from './present.js';

export const handler = route('payments-list', async (req) => {
  const q = parseQuery(req, PaymentListQuery);
  const results = await listPayments({ ...q, limit: q.limit ?? 50, cursor: decodeCursor(q.cursor) });
  return { body: presentPage(results) };
});
