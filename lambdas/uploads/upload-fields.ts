/**
 * The upload form's fields, checked as the spec says (its messages, naming the field), then
 * against what is stored: the cohort, the category and the student must exist.
 */
import { DocumentUploadFields } from '../contract/document-upload.js';
import { Invalid } from '../domain/errors.js';
import { parseFields } from '../http/validate.js';
import type { ProgramType } from '../contract/programs.js';
import { getCohort } from '../store/cohort.js';
import { getDocumentCategory, type DocumentRecord } from '../store/document.js';
import { getStudentSummary } from '../store/student.js';

export const MISSING_TITLE_OR_FILE = 'Please provide a title and file';

/** What the form or JSON body sets of the document record; the file's fields come from the upload itself. */
export type UploadFields = Pick<
  DocumentRecord,
  'title' | 'description' | 'scope' | 'categoryId' | 'cohortId' | 'programType' | 'assignedStudents' | 'isPublic' | 'isMandatory' | 'requiresSignature'
>;

const flag = (value: boolean | 'true' | 'false' | undefined, fallback: boolean) => (value === undefined ? fallback : value === true || value === 'true');
const orNull = (value: string | undefined) => (value ? value : null);

/** Validates the fields (400 naming the field) and resolves what they refer to. */
export async function resolveUploadFields(raw: unknown, hasFile: boolean): Promise<UploadFields> {
  const f = parseFields(raw, DocumentUploadFields);
  if (!hasFile) throw new Invalid(`file: ${MISSING_TITLE_OR_FILE}`);
  const needsCohort = f.scope === 'cohort' || f.scope === 'individual';
  const cohortId = orNull(f.cohort_id);
  if (needsCohort && !cohortId) throw new Invalid('cohort_id: Please select a cohort');
  const username = orNull(f.student_username);
  if (f.scope === 'individual' && !username) throw new Invalid('student_username: Please provide a student username');

  const categoryId = orNull(f.category_id);
  const [cohort, category, student] = await Promise.all([
    cohortId ? getCohort(cohortId) : null,
    categoryId ? getDocumentCategory(categoryId) : null,
    f.scope === 'individual' && username ? getStudentSummary(username) : null,
  ]);
  if (cohortId && !cohort) throw new Invalid('cohort_id: Please select a valid cohort');
  if (categoryId && !category) throw new Invalid('category_id: Please select a valid category');
  if (f.scope === 'individual' && !student) throw new Invalid('student_username: Please enter a valid student username');
  // program scope: the chosen program type, or that of the chosen cohort
  const programType = f.scope === 'program' ? ((orNull(f.program_type) as ProgramType | null) ?? cohort?.programType ?? null) : null;
  if (f.scope === 'program' && !programType) throw new Invalid('program_type: Please select a program type');

  return {
    title: f.title,
    description: f.description,
    scope: f.scope,
    categoryId,
    cohortId: needsCohort ? cohortId : null,
    programType,
    assignedStudents: student ? [{ username: student.username, id: student.sub || student.username, firstName: student.firstName, lastName: student.lastName }] : [],
    isPublic: flag(f.is_public, true),
    isMandatory: flag(f.is_mandatory, false),
    requiresSignature: flag(f.requires_signature, false),
  };
}
