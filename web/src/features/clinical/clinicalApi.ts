import { api } from '#shared/api/baseApi';
import { listOf, onSuccess } from '#shared/api/responses';
import type { ClinicalSite, Rotation, RotationInput, RotationRoster, RosterShare, SharedRoster, SiteInput } from '#contract/clinical';
import type { Cohort } from '#contract/cohorts';
import type { ComplianceRequirement } from '#contract/compliance';
import type { Course } from '#contract/courses';
import type { DownloadResponse, UploadUrlResponse } from '#contract/documents';

export interface RotationPage {
  results: Rotation[];
  count: number;
  next: string | null;
}

export type AssignInput = { usernames: string[] } | { cohort_id: string };
export interface ShareInput {
  recipient: string;
  expires_in_days?: number;
  override_reason?: string;
}

const enc = encodeURIComponent;
const rotationsUrl = (cursor: string | null) => `/api/rotations/?limit=25${cursor ? `&cursor=${enc(cursor)}` : ''}`;

/** The clinical placement calls (lambdas/routes.ts, lambdas/contract/clinical.ts), and the lists their forms pick from. */
export const clinicalApi = api.enhanceEndpoints({ addTagTypes: ['ClinicalSite', 'Rotation'] }).injectEndpoints({
  endpoints: (build) => ({
    listSites: build.query<ClinicalSite[], void>({
      query: () => '/api/clinical-sites/',
      transformResponse: (body: unknown) => listOf<ClinicalSite>(body),
      providesTags: ['ClinicalSite'],
    }),
    saveSite: build.mutation<ClinicalSite, SiteInput & { id?: string }>({
      query: ({ id, ...body }) => (id ? { url: `/api/clinical-sites/${enc(id)}/`, method: 'PUT', body } : { url: '/api/clinical-sites/', method: 'POST', body }),
      invalidatesTags: onSuccess(['ClinicalSite']),
    }),
    deleteSite: build.mutation<void, string>({
      query: (id) => ({ url: `/api/clinical-sites/${enc(id)}/`, method: 'DELETE' }),
      invalidatesTags: onSuccess(['ClinicalSite']),
    }),
    getAgreementUrl: build.mutation<DownloadResponse, string>({
      query: (id) => ({ url: `/api/clinical-sites/${enc(id)}/agreement/`, params: { disposition: 'attachment' } }),
    }),
    /** The agreement file goes up like compliance evidence: a presigned PUT, then its key in the site's save. */
    requestAgreementUploadUrl: build.mutation<UploadUrlResponse, { file_name: string; file_size: number; content_type: string }>({
      query: (body) => ({ url: '/api/compliance/upload-url/', method: 'POST', body }),
    }),
    /** Requirement templates a site may add (the compliance feature's own list; read here so features stay apart). */
    listSiteRequirementOptions: build.query<ComplianceRequirement[], void>({
      query: () => '/api/compliance/requirements/',
      transformResponse: (body: { requirements?: ComplianceRequirement[] }) => body?.requirements ?? [],
    }),
    listRotations: build.infiniteQuery<RotationPage, void, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (lastPage) => lastPage.next },
      query: ({ pageParam }) => rotationsUrl(pageParam),
      providesTags: ['Rotation'],
    }),
    saveRotation: build.mutation<Rotation, RotationInput & { id?: string }>({
      query: ({ id, ...body }) => (id ? { url: `/api/rotations/${enc(id)}/`, method: 'PUT', body } : { url: '/api/rotations/', method: 'POST', body }),
      invalidatesTags: onSuccess(['Rotation', 'ClinicalSite']),
    }),
    deleteRotation: build.mutation<void, string>({
      query: (id) => ({ url: `/api/rotations/${enc(id)}/`, method: 'DELETE' }),
      invalidatesTags: onSuccess(['Rotation', 'ClinicalSite']),
    }),
    getRoster: build.query<RotationRoster, string>({
      query: (id) => `/api/rotations/${enc(id)}/roster/`,
      providesTags: ['Rotation'],
    }),
    assignStudents: build.mutation<Rotation, { id: string } & AssignInput>({
      query: ({ id, ...body }) => ({ url: `/api/rotations/${enc(id)}/students/`, method: 'POST', body }),
      invalidatesTags: onSuccess(['Rotation']),
    }),
    unassignStudent: build.mutation<void, { id: string; username: string }>({
      query: ({ id, username }) => ({ url: `/api/rotations/${enc(id)}/students/${enc(username)}/`, method: 'DELETE' }),
      invalidatesTags: onSuccess(['Rotation']),
    }),
    shareRoster: build.mutation<RosterShare, { id: string } & ShareInput>({
      query: ({ id, ...body }) => ({ url: `/api/rotations/${enc(id)}/share/`, method: 'POST', body }),
    }),
    /** Public: what a site sees from its link, signed out. */
    getSharedRoster: build.query<SharedRoster, string>({
      query: (token) => `/api/shared-rosters/${enc(token)}/`,
    }),
    listCourseOptions: build.query<Course[], void>({
      query: () => '/api/courses/',
      transformResponse: (body: unknown) => listOf<Course>(body),
    }),
    listCohortOptions: build.query<Cohort[], void>({
      query: () => '/api/cohorts/',
      transformResponse: (body: unknown) => listOf<Cohort>(body),
    }),
  }),
});

export const {
  useListSitesQuery,
  useSaveSiteMutation,
  useDeleteSiteMutation,
  useGetAgreementUrlMutation,
  useRequestAgreementUploadUrlMutation,
  useListSiteRequirementOptionsQuery,
  useListRotationsInfiniteQuery,
  useSaveRotationMutation,
  useDeleteRotationMutation,
  useGetRosterQuery,
  useAssignStudentsMutation,
  useUnassignStudentMutation,
  useShareRosterMutation,
  useGetSharedRosterQuery,
  useListCourseOptionsQuery,
  useListCohortOptionsQuery,
} = clinicalApi;
