/**
 * Nightly (jobs table): the last three days of payments compared with Stripe, what is missing
 * recorded and audited as the system's. Three days cover a night the job did not run and Stripe's
 * retries of a failing webhook (up to three days: https://docs.stripe.com/webhooks#retries).
 */
import { DAY_MS } from '../../domain/clock.js';
import { job } from '../../schedule/job.js';
import { reconcilePayments } from '../../store/reconcile.js';

const LOOK_BACK_MS = 3 * DAY_MS;

export const handler = job('payments-reconcile', async ({ now }) =>
  reconcilePayments({ fromIso: new Date(now.getTime() - LOOK_BACK_MS).toISOString(), toIso: now.toISOString(), actor: 'system' }),
);
