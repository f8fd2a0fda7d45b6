/** GET /api/students/?cohort_id= (admin, staff) — the spec's fallback for a cohort roster; same single Query. */
import { z } from 'zod';
import { route } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { getCohortLedgers } from '../../store/students.js';
import { presentStudent } from './present.js';

const Query = z.object({ cohort_id: z.string({ error: 'is required' }).trim().min(1, 'is required').max(64, 'is too long') });

export const handler = route('students-list', async (req) => {
  const { cohort_id } = parseQuery(req, Query);
  return { body: (await getCohortLedgers(cohort_id)).map(presentStudent) };
});
