import type { Cohort } from '#contract/cohorts';
import type { DocumentRecordDto } from '#contract/documents';
import { jsonResponse, sampleUser, signedIn } from '../../testing/test-utils';

/** Fixtures and a stubbed API for the document screens' tests (shaped like the demo data). */
export const asAdmin = () => signedIn(sampleUser({ username: 'admin', isAdmin: true, is_staff: true }));
export const asStaff = () => signedIn(sampleUser({ username: 'staff', is_staff: true }));
export const asStudent = () => signedIn(sampleUser({ username: 'student', first_name: 'Maria', last_name: 'Lopez' }));
export const asFinance = () => signedIn(sampleUser({ username: 'finance', is_finance: true }));

const cohortDetails = { academic_year: '2025-2026', year: '2025', cohort_number: 1, program_name: 'Nursing Assistant' };

export function doc(overrides: Partial<DocumentRecordDto> & Pick<DocumentRecordDto, 'id' | 'title' | 'scope'>): DocumentRecordDto {
  return {
    description: '',
    scope_display: { individual: 'Individual Students', cohort: 'Cohort Documents', program: 'Program Materials', general: 'General Resources' }[overrides.scope],
    category_id: 'doccat-1',
    category_name: 'Syllabus',
    cohort_id: null,
    cohort_details: null,
    program_type: null,
    assigned_students: [],
    file_name: 'file.pdf',
    file_type: 'pdf',
    file_size: 1572864,
    s3_key: `documents/${overrides.id}/file.pdf`,
    s3_url: null,
    extracted_text: null,
    preview_text: null,
    is_public: true,
    is_mandatory: false,
    requires_signature: false,
    uploaded_at: '2026-09-01T09:00:00.000Z',
    uploaded_by_name: 'Sam Rivera',
    acknowledged_at: null,
    ...overrides,
  };
}

export const handbook = doc({
  id: 'doc-handbook',
  title: 'Student Handbook 2026-2027',
  scope: 'general',
  category_name: 'Policies',
  is_mandatory: true,
  requires_signature: true,
});
export const syllabus = doc({
  id: 'doc-na-syllabus',
  title: 'Nursing Assistant Syllabus',
  scope: 'cohort',
  cohort_id: 'cohort-2025-cert-1',
  cohort_details: cohortDetails,
  is_mandatory: true,
  file_size: 2048,
});
export const schedule = doc({
  id: 'doc-clinical-schedule',
  title: 'Clinical Rotation Schedule',
  scope: 'cohort',
  cohort_id: 'cohort-gone',
  cohort_details: null,
  file_name: 'clinical-schedule.txt',
  file_type: 'txt',
  file_size: null,
  extracted_text: 'Clinical rotation: Mondays',
});
export const labManual = doc({
  id: 'doc-lab',
  title: 'Diploma Program Lab Manual',
  scope: 'program',
  program_type: 'diploma',
  file_type: 'docx',
  file_name: 'lab-manual.docx',
  s3_key: null,
});
export const immunization = doc({
  id: 'doc-immunization',
  title: 'Immunization Record',
  scope: 'individual',
  cohort_id: 'cohort-2025-cert-1',
  cohort_details: cohortDetails,
  assigned_students: [{ id: 'student', username: 'student', full_name: 'Maria Lopez' }],
  file_type: 'png',
  file_name: 'immunization.png',
  is_public: false,
  is_mandatory: true,
  requires_signature: true,
});
export const unassigned = doc({ id: 'doc-unassigned', title: 'Unassigned Form', scope: 'individual', file_type: 'csv', file_name: 'form.csv' });

export const allDocuments = [handbook, syllabus, schedule, labManual, immunization, unassigned];

export const uploadCohorts: Cohort[] = [
  {
    id: 'cohort-2025-cert-1',
    academic_year: '2025-2026',
    cohort_number: 1,
    program_type: 'certificate',
    program_name: 'Nursing Assistant',
    student_count: 5,
    is_active: true,
    start_date: null,
    end_date: null,
  },
];

export type { ApiCall, Answer } from '../../testing/test-utils';
export { stubApi as stubDocumentApi } from '../../testing/test-utils';

/** The list answer of a staff page. */
export const page = (results: DocumentRecordDto[], next: string | null = null) => jsonResponse({ results, count: results.length, next });
