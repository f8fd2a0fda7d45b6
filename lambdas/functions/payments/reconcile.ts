/**
 * POST /api/payments/reconcile/ (finance, admin) — "Reconcile with Stripe" on the Finance Ledger:
 * compares the payments opened in a date range (at most 31 days) with Stripe and records what the
 * portal missed, each repair audited as the caller's (store/reconcile.ts). Running it twice repairs
 * nothing the second time.
 */
import { ReconcileRequest, type ReconcileResult } from '../../contract/payments.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { reconcilePayments } from '../../store/reconcile.js';

export const handler = route('payments-reconcile', async (req) => {
  const { from, to } = parseJsonBody(req, ReconcileRequest);
  const result = await reconcilePayments({ fromIso: `${from}T00:00:00.000Z`, toIso: `${to}T23:59:59.999Z`, actor: callerOf(req).username });
  const body: ReconcileResult = { from, to, ...result };
  return { body };
});
