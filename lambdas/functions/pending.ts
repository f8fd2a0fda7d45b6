/**
 * Routes whose feature belongs to a later issue point here (see `status: 'pending'` in routes.ts).
 * Each still deploys as its own Lambda, so swapping in the real handler changes one row.
 */
import { errorResult } from '../http/respond.js';

export const handler = async () => errorResult(501, 'Not implemented yet');
