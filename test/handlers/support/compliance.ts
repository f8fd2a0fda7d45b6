/**
 * Helpers for the clinical compliance handler tests: a cohort of students with a start date, templates
 * scoped to that cohort only (so no other test file's students are asked for them), presigned uploads
 * through the real URL into s3rver, and the school's today.
 */
import { randomUUID } from 'node:crypto';
import type { ComplianceRequirement } from '../../../lambdas/contract/compliance.js';
import type { ProgramType } from '../../../lambdas/contract/programs.js';
import { now, schoolDay } from '../../../lambdas/domain/clock.js';
import { addDays } from '../../../lambdas/domain/compliance.js';
import { handler as decide } from '../../../lambdas/functions/compliance/decide.js';
import { handler as studentView } from '../../../lambdas/functions/compliance/student.js';
import { handler as submit } from '../../../lambdas/functions/compliance/submit.js';
import { handler as uploadUrl } from '../../../lambdas/functions/compliance/upload-url.js';
import { createCohort } from '../../../lambdas/store/cohort.js';
import { listRequirements, Requirement, type RequirementRecord } from '../../../lambdas/store/compliance.js';
import { apiEvent, invoke, type Caller } from './events.js';
import { createStudentRecord, putItems, uniqueName } from './fixtures.js';

export const today = () => schoolDay(now());
export const daysFromToday = (days: number) => addDays(today(), days);

export const newReviewer = (): Caller => ({ username: uniqueName('cmp-reviewer'), roles: ['compliance'] });
export const newAdmin = (): Caller => ({ username: uniqueName('cmp-admin'), roles: ['admin'] });
/** A file's own reviewer and admin, who decide and audit what its students hand in. */
export const complianceStaff = () => ({ reviewer: newReviewer(), admin: newAdmin() });

let cohortNumber = Math.floor(Math.random() * 900);
/** A cohort of its own academic year (no clash with other files' numbers) starting on `startDate`. */
export async function complianceCohort(startDate: string | null = '2026-09-01', programType: ProgramType = 'diploma') {
  cohortNumber = (cohortNumber % 998) + 1;
  const year = 2500 + Math.floor(Math.random() * 400);
  return createCohort({ academicYear: `${year}-${year + 1}`, cohortNumber, programType, programName: 'Compliance test', isActive: true, startDate, endDate: null }, 'cmp-setup');
}

export async function complianceStudent(cohortId: string | null, lastName = 'Student', programType: ProgramType = 'diploma') {
  const profile = await createStudentRecord({ username: uniqueName('cmp-stu'), profile: { programType, cohortId, firstName: 'Ada', lastName } });
  return { caller: { username: profile.username } satisfies Caller, profile };
}

/** A template for one cohort; `over` changes any field. */
export function template(cohortId: string, over: Partial<ComplianceRequirement> = {}): ComplianceRequirement {
  return {
    id: `cmp-${randomUUID().slice(0, 8)}`,
    name: `BLS ${randomUUID().slice(0, 6)}`,
    category: 'cpr_bls',
    evidence: 'file_and_dates',
    validity: { kind: 'months', months: 24 },
    applies_to: { kind: 'cohort', cohort_id: cohortId },
    due_days_from_cohort_start: -14,
    guidelines: 'Front and back of the card',
    alternatives: [],
    exemption_allowed: false,
    ...over,
  };
}

/** A template as the store keeps it (in force unless `over` retires it). */
export const storedTemplate = (t: ComplianceRequirement, over: Partial<RequirementRecord> = {}): RequirementRecord => ({
  ...t,
  retired: false,
  updatedAt: new Date().toISOString(),
  ...over,
});

/** What this file wrote with putTemplates, by id: what it may write again when another file's save retired it. */
const written = new Map<string, ComplianceRequirement>();

/**
 * Writes templates straight into their partition, in force. Other files replace the whole set through
 * PUT (which retires what it was not given), so callers write theirs again before each test.
 */
export async function putTemplates(templates: readonly ComplianceRequirement[]) {
  for (const t of templates) written.set(t.id, t);
  await putItems(templates.map((t) => Requirement.item(storedTemplate(t))));
}

/** A presigned upload as the browser makes it: ask for the URL, PUT the bytes to it; answers the upload key. */
export async function uploadEvidence(caller: Caller, fileName: string, bytes: Uint8Array): Promise<string> {
  const res = await invoke(uploadUrl, apiEvent('compliance-upload-url', { caller, body: { file_name: fileName, file_size: bytes.byteLength } }));
  if (res.status !== 200) throw new Error(`upload-url: ${res.status} ${JSON.stringify(res.body)}`);
  const put = await fetch(res.body.upload_url, { method: 'PUT', headers: res.body.headers, body: new Uint8Array(bytes) });
  if (put.status !== 200) throw new Error(`presigned PUT: ${put.status} ${await put.text()}`);
  return res.body.upload_key as string;
}

/** GET /api/compliance/students/{username}/ as `caller`. */
export const viewComplianceAs = (caller: Caller, username: string) => invoke(studentView, apiEvent('compliance-student', { caller, pathParameters: { username } }));
/**
 * POST /api/compliance/submissions/ as `caller`. Another file's whole-set save (PUT, read then written without this
 * file's templates) can retire one of them between this file writing it and handing it in: a refusal for a template
 * this file wrote and that is now retired is answered by writing it again and asking once more.
 */
export async function submitAs(caller: Caller, body: unknown) {
  const send = () => invoke(submit, apiEvent('compliance-submit', { caller, body }));
  const res = await send();
  const id = (body as { requirement_id?: unknown } | null)?.requirement_id;
  const mine = typeof id === 'string' ? written.get(id) : undefined;
  if (res.status !== 400 || !mine || !(await listRequirements()).some((r) => r.id === mine.id && r.retired)) return res;
  await putTemplates([mine]);
  return send();
}
export const decideAs = (caller: Caller, id: string, body: unknown) => invoke(decide, apiEvent('compliance-decide', { caller, pathParameters: { id }, body }));

/** A date-only hand-in of the student's, waiting for review; answers its id. */
export async function pendingSubmission(student: Caller, requirementId: string, completedOn = daysFromToday(-10)): Promise<string> {
  const res = await submitAs(student, { requirement_id: requirementId, completed_on: completedOn });
  if (res.status !== 201) throw new Error(`submit: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}
