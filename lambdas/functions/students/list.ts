/**
 * GET /api/students/ (admin, staff).
 *  - `?cohort_id=`: the spec's roster fallback, every member with payment_details, one Query;
 *  - otherwise the admin list: profiles by program type (gsi2), with search (name, username,
 *    email) and balance status (the roster's labels: current, due, overdue) from each profile's cached balance;
 *    all at once, or with `limit` / `cursor` in pages (a constant number of Queries per page).
 * Both show other people's records (bills, balances): each answer is in the audit log first,
 * naming the students it showed.
 */
import type { Page } from '../../contract/page.js';
import { StudentListQuery, type StudentSummary } from '../../contract/student-admin.js';
import { rosterStatus } from '../../domain/balance-status.js';
import { centsToDollars } from '../../domain/money.js';
import { callerOf, route } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { decodeCursor, encodeCursor } from '../../http/cursor.js';
import { recordRead, recordRosterRead, studentsShown } from '../../store/audit.js';
import { getCohortLedgers, listStudentProfiles, listStudentProfilesPage, type StudentProfileRecord } from '../../store/student.js';
import { presentStudent } from '../../presenters/student.js';
import { presentSummary } from '../../presenters/student-summary.js';

export const handler = route('students-list', async (req) => {
  const q = parseQuery(req, StudentListQuery);
  const actor = callerOf(req).username;
  if (q.cohort_id) {
    const members = await getCohortLedgers(q.cohort_id);
    const shown = members.map((m) => m.profile.username);
    await recordRosterRead(actor, 'cohort.roster.read', { entityType: 'cohort', entityId: q.cohort_id }, shown);
    return { body: members.map(presentStudent) };
  }
  const shown = async (summaries: StudentSummary[]) => {
    const { limit: _l, cursor: _c, ...filters } = q;
    await recordRead({ actor, action: 'students.list.read', entityType: 'students', entityId: 'list', detail: { filters, ...studentsShown(summaries.map((s) => s.username)) } });
    return summaries;
  };

  const search = q.search?.toLowerCase();
  const matches = (p: StudentProfileRecord) =>
    (!search || [p.firstName, p.lastName, p.username, p.email, `${p.firstName} ${p.lastName}`].some((v) => v.toLowerCase().includes(search))) &&
    (!q.balance_status || rosterStatus(centsToDollars(p.balanceCents ?? 0)).toLowerCase() === q.balance_status);
  if (q.limit === undefined && !q.cursor) return { body: await shown((await listStudentProfiles(q.program_type || undefined)).filter(matches).map(presentSummary)) };

  const page = await listStudentProfilesPage(q.program_type || undefined, q.limit ?? 50, decodeCursor(q.cursor)?.after);
  const results = await shown(page.profiles.filter(matches).map(presentSummary));
  const body: Page<StudentSummary> = { results, count: results.length, next: encodeCursor(page.after === undefined ? undefined : { after: page.after }) };
  return { body };
});
