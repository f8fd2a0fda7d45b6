import { api } from '#shared/api/baseApi';
import { listOf, onSuccess } from '#shared/api/responses';
import type { Cohort } from '#contract/cohorts';
import type { StudentRecordDocumentDto } from '#contract/documents';
import type { CreateStudentRequest, StudentSummary } from '#contract/student-admin';
import type { ImportDetail, ImportList, ImportSummary, StartImportRequest } from '#contract/student-import';
import type { MfaResetResult } from '#contract/mfa';
import type { ProgramType } from '#contract/programs';

/** GET /api/students/ filters; empty ones are left out of the query string. */
export interface StudentListArgs {
  program_type?: ProgramType | '';
  balance_status?: 'current' | 'due' | 'overdue' | '';
  search?: string;
}

export interface EnrollmentBody {
  program_type: ProgramType;
  program_name: string;
  amount_due: string;
  next_due_date?: string | null;
}

export interface LedgerEntryBody {
  program_type: ProgramType;
  program_id: string;
  kind: 'charge' | 'credit';
  amount: string;
  reason: string;
  next_due_date?: string | null;
}

const studentUrl = (username: string, action = '') => `/api/students/${encodeURIComponent(username)}/${action}`;
const nonEmpty = (args: object) => Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined && value !== ''));

/**
 * Student administration: the admin list, creation and CSV import, a record's
 * enrollments, charges and credits, sign-in on/off, and the documents that apply to a student.
 * A write touches the student's bill, the list's balances and the cohort rosters and counts.
 */
export const studentsAdminApi = api
  .enhanceEndpoints({ addTagTypes: ['StudentList', 'Cohort', 'CohortStudents', 'Document', 'Acknowledgement', 'StudentImports'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listStudentSummaries: build.query<StudentSummary[], StudentListArgs>({
        query: (args) => ({ url: '/api/students/', params: nonEmpty(args) }),
        transformResponse: listOf<StudentSummary>,
        providesTags: ['StudentList'],
      }),
      /** For the cohort selects; named apart from the cohorts feature's own listCohorts. */
      listStudentCohorts: build.query<Cohort[], void>({
        query: () => '/api/cohorts/',
        transformResponse: listOf<Cohort>,
        providesTags: ['Cohort'],
      }),
      createStudent: build.mutation<StudentSummary, CreateStudentRequest>({
        query: (body) => ({ url: '/api/students/', method: 'POST', body }),
        invalidatesTags: onSuccess(['StudentList', 'Cohort', 'CohortStudents']),
      }),
      /** Queues the whole file: answered at once with the import, which the server then works through. */
      startImport: build.mutation<ImportSummary, StartImportRequest>({
        query: (body) => ({ url: '/api/students/import/', method: 'POST', body }),
        invalidatesTags: onSuccess(['StudentImports']),
      }),
      /** An import's progress and one page of its report (`limit` rows from `cursor`). */
      getImport: build.query<ImportDetail, { id: string; limit: number; cursor?: string }>({
        query: ({ id, limit, cursor }) => ({ url: `/api/students/import/${encodeURIComponent(id)}/`, params: { limit: String(limit), ...(cursor ? { cursor } : {}) } }),
      }),
      /** Past imports, newest first. */
      listImports: build.query<ImportList, void>({
        query: () => ({ url: '/api/students/imports/', params: { limit: '20' } }),
        providesTags: ['StudentImports'],
      }),
      enrollStudent: build.mutation<unknown, { username: string; body: EnrollmentBody }>({
        query: ({ username, body }) => ({ url: studentUrl(username, 'enrollments/'), method: 'POST', body }),
        invalidatesTags: (result, _error, { username }) => (result ? [{ type: 'Student' as const, id: username }, 'StudentList', 'CohortStudents'] : []),
      }),
      postLedgerEntry: build.mutation<unknown, { username: string; body: LedgerEntryBody }>({
        query: ({ username, body }) => ({ url: studentUrl(username, 'charges/'), method: 'POST', body }),
        invalidatesTags: (result, _error, { username }) => (result ? [{ type: 'Student' as const, id: username }, 'StudentList', 'CohortStudents'] : []),
      }),
      /** Turns the student's two-step sign-in (TOTP) off, for a lost phone; audited. */
      resetMfa: build.mutation<MfaResetResult, string>({
        query: (username) => ({ url: `/api/users/${encodeURIComponent(username)}/mfa/reset/`, method: 'POST' }),
      }),
      setSignIn: build.mutation<{ username: string; sign_in_enabled: boolean }, { username: string; enabled: boolean }>({
        query: ({ username, enabled }) => ({ url: studentUrl(username, 'sign-in/'), method: 'PUT', body: { enabled } }),
        invalidatesTags: (result, _error, { username }) => (result ? [{ type: 'Student' as const, id: username }, 'StudentList'] : []),
      }),
      /**
       * Every document that applies to the student (general, their program's, their cohort's, their own), each
       * with their acknowledgement: one call, the server's own rule for the student's list (audited there).
       */
      listStudentDocuments: build.query<StudentRecordDocumentDto[], string>({
        query: (username) => ({ url: '/api/documents/', params: { student: username } }),
        transformResponse: listOf<StudentRecordDocumentDto>,
        providesTags: ['Document', 'Acknowledgement'],
      }),
    }),
  });

export const {
  useListStudentSummariesQuery,
  useListStudentCohortsQuery,
  useCreateStudentMutation,
  useStartImportMutation,
  useGetImportQuery,
  useLazyGetImportQuery,
  useListImportsQuery,
  useEnrollStudentMutation,
  usePostLedgerEntryMutation,
  useSetSignInMutation,
  useResetMfaMutation,
  useListStudentDocumentsQuery,
} = studentsAdminApi;
