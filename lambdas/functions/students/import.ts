/**
 * POST /api/students/import/ (admin) — `{ "csv": "<file text>" }`. Every row is validated (shape, then
 * against stored cohorts, usernames and emails) before any is written; valid rows are created one by
 * one like POST /api/students/, and the report lists each row's outcome.
 */
import * as z from '../../contract/zod.js';
import type { ImportReport, ImportRowResult } from '../../contract/student-admin.js';
import { AppError, Invalid } from '../../domain/errors.js';
import { invalidResult, readImportFile } from '../../domain/student-import.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { listCohorts } from '../../store/cohorts.js';
import { createStudentAccount } from '../../store/student-admin.js';
import { findTaken } from '../../store/student-lookup.js';

const Body = z.object({ csv: z.string().check(z.minLength(1, 'is required'), z.maxLength(1_000_000, 'is too large (1 MB at most)')) });

export const handler = route('students-import', async (req) => {
  const { csv } = parseJsonBody(req, Body);
  const actor = callerOf(req).username;
  const { rows, fileError } = readImportFile(csv);
  if (fileError) throw new Invalid(fileError);

  const cohorts = new Map((await listCohorts()).map((c) => [c.id, c]));
  const taken = await findTaken(rows.flatMap((r) => (r.input ? [{ username: r.input.username, email: r.input.email }] : [])));
  for (const row of rows) {
    if (!row.input) continue;
    const cohort = cohorts.get(row.input.cohort_id);
    if (!cohort) row.errors.push('cohort_id: is not an existing cohort');
    else if (cohort.programType !== row.input.program_type) row.errors.push(`cohort_id: is a ${cohort.programType} cohort, not ${row.input.program_type}`);
    if (taken.usernames.has(row.input.username)) row.errors.push(`username: ${row.input.username} is already taken`);
    if (taken.emails.has(row.input.email)) row.errors.push(`email: ${row.input.email} is already used by another student`);
  }

  const results: ImportRowResult[] = [];
  for (const row of rows) {
    if (!row.input || row.errors.length) { results.push(invalidResult(row)); continue; }
    const i = row.input;
    try {
      await createStudentAccount({
        username: i.username, firstName: i.first_name, lastName: i.last_name, email: i.email, phone: i.phone_number || null,
        programType: i.program_type, programName: i.program_name, cohortId: i.cohort_id, onPaymentPlan: i.on_payment_plan,
        temporaryPassword: i.temporary_password,
      }, actor);
      results.push({ line: row.line, username: i.username, status: 'created', errors: [] });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ line: row.line, username: i.username, status: 'failed', errors: [error.message] });
    }
  }
  const count = (status: ImportRowResult['status']) => results.filter((r) => r.status === status).length;
  const report: ImportReport = { created: count('created'), invalid: count('invalid'), failed: count('failed'), rows: results };
  return { body: report };
});
