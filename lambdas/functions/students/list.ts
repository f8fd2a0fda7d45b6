/**
 * GET /api/students/ (admin, staff).
 *  - `?cohort_id=`: the spec's roster fallback, every member with payment_details, one Query;
 *  - otherwise the admin list (issue 8): profiles by program type (gsi2), with search (name, username,
 *    email) and balance status (the roster's labels: current, due, overdue) from each profile's cached balance.
 */
import { StudentListQuery } from '../../contract/student-admin.js';
import { rosterStatus } from '../../domain/balance-status.js';
import { centsToDollars } from '../../domain/money.js';
import { route } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { listStudentProfiles } from '../../store/student-admin.js';
import { getCohortLedgers } from '../../store/students.js';
import { presentStudent } from './present.js';
import { presentSummary } from './present-summary.js';

export const handler = route('students-list', async (req) => {
  const q = parseQuery(req, StudentListQuery);
  if (q.cohort_id) return { body: (await getCohortLedgers(q.cohort_id)).map(presentStudent) };

  const search = q.search?.toLowerCase();
  const profiles = (await listStudentProfiles(q.program_type || undefined)).filter((p) =>
    (!search || [p.firstName, p.lastName, p.username, p.email, `${p.firstName} ${p.lastName}`].some((v) => v.toLowerCase().includes(search)))
    && (!q.balance_status || rosterStatus(centsToDollars(p.balanceCents ?? 0)).toLowerCase() === q.balance_status));
  return { body: profiles.map(presentSummary) };
});
