import { api } from '#shared/api/baseApi';
import { listOf, onSuccess } from '#shared/api/responses';
import type { Cohort } from '#contract/cohorts';
import type {
  CohortCompliance,
  ComplianceSubmission,
  DecisionInput,
  QueueEntry,
  RequirementInput,
  RequirementsResponse,
  StudentCompliance,
  SubmissionInput,
} from '#contract/compliance';
import type { DownloadResponse, UploadUrlResponse } from '#contract/documents';

export type QueueStatus = 'pending' | 'expiring' | 'expired';

export interface QueueArgs {
  status: QueueStatus;
  cohort_id?: string;
  requirement_id?: string;
  cursor?: string;
}

export interface QueuePage {
  results: QueueEntry[];
  count: number;
  next: string | null;
}

const enc = encodeURIComponent;

/** The calls of the compliance API (lambdas/routes.ts, lambdas/contract/compliance.ts). */
export const complianceApi = api.enhanceEndpoints({ addTagTypes: ['ComplianceRequirement', 'Compliance'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The templates in force, and the set's version (a save names it). */
    getRequirements: build.query<RequirementsResponse, void>({
      query: () => '/api/compliance/requirements/',
      providesTags: ['ComplianceRequirement'],
    }),
    /** The whole set, as of the version it was read at: a template left out is retired. */
    putRequirements: build.mutation<RequirementsResponse, { requirements: RequirementInput[]; version: number }>({
      query: (body) => ({ url: '/api/compliance/requirements/', method: 'PUT', body }),
      invalidatesTags: onSuccess(['ComplianceRequirement', 'Compliance']),
    }),
    getStudentCompliance: build.query<StudentCompliance, string>({
      query: (username) => `/api/compliance/students/${enc(username)}/`,
      providesTags: ['Compliance'],
    }),
    getQueue: build.query<QueuePage, QueueArgs>({
      query: ({ status, cohort_id, requirement_id, cursor }) => ({
        url: '/api/compliance/queue/',
        params: { status, ...(cohort_id ? { cohort_id } : {}), ...(requirement_id ? { requirement_id } : {}), ...(cursor ? { cursor } : {}), limit: 50 },
      }),
      providesTags: ['Compliance'],
    }),
    getCohortCompliance: build.query<CohortCompliance, string>({
      query: (id) => `/api/cohorts/${enc(id)}/compliance/`,
      providesTags: ['Compliance'],
    }),
    /** Cohorts for the filters (staff and admins may list them; others pick from the queue's own cohorts). */
    listComplianceCohorts: build.query<Cohort[], void>({
      query: () => '/api/cohorts/',
      transformResponse: (body: unknown) => listOf<Cohort>(body),
    }),
    requestComplianceUploadUrl: build.mutation<UploadUrlResponse, { file_name: string; file_size: number; content_type: string }>({
      query: (body) => ({ url: '/api/compliance/upload-url/', method: 'POST', body }),
    }),
    submitCompliance: build.mutation<ComplianceSubmission, SubmissionInput>({
      query: (body) => ({ url: '/api/compliance/submissions/', method: 'POST', body }),
      invalidatesTags: onSuccess(['Compliance']),
    }),
    decideSubmission: build.mutation<ComplianceSubmission, { id: string } & DecisionInput>({
      query: ({ id, ...body }) => ({ url: `/api/compliance/submissions/${enc(id)}/decision/`, method: 'POST', body }),
      invalidatesTags: onSuccess(['Compliance']),
    }),
    getComplianceFileUrl: build.mutation<DownloadResponse, { id: string; index: number; disposition: 'inline' | 'attachment' }>({
      query: ({ id, index, disposition }) => ({ url: `/api/compliance/submissions/${enc(id)}/files/${index}/`, params: { disposition } }),
    }),
  }),
});

export const {
  useGetRequirementsQuery,
  usePutRequirementsMutation,
  useGetStudentComplianceQuery,
  useGetQueueQuery,
  useGetCohortComplianceQuery,
  useListComplianceCohortsQuery,
  useRequestComplianceUploadUrlMutation,
  useSubmitComplianceMutation,
  useDecideSubmissionMutation,
  useGetComplianceFileUrlMutation,
} = complianceApi;
