/**
 * Hourly (jobs table): checkouts opened more than 24 hours ago and never paid are canceled at Stripe
 * and in the ledger, so an abandoned tab cannot pay a balance that has moved on (store/checkouts.ts).
 */
import { job } from '../../schedule/job.js';
import { sweepStaleCheckouts } from '../../store/checkouts.js';

export const handler = job('payments-sweep-stale-checkouts', async () => sweepStaleCheckouts());
