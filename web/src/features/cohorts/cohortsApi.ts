import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '#shared/api/baseApi';
import { listOf, onSuccess } from '#shared/api/responses';
import type { Cohort, CohortInput } from '#contract/cohorts';
import type { StudentRecord } from '#contract/students';

/** Auth failures are final; anything else may still succeed through the roster fallback. */
const worthFallingBack = (error: FetchBaseQueryError) => error.status !== 401 && error.status !== 403;

/**
 * The spec's cohort calls plus the admin writes. The roster carries every
 * student's payment_details, so the cards, chart and labels need no call per student.
 */
export const cohortsApi = api.enhanceEndpoints({ addTagTypes: ['Cohort', 'CohortStudents'] }).injectEndpoints({
  endpoints: (build) => ({
    listCohorts: build.query<Cohort[], void>({
      query: () => '/api/cohorts/',
      transformResponse: listOf<Cohort>,
      providesTags: ['Cohort'],
    }),
    getCohortStudents: build.query<StudentRecord[], string>({
      // The spec's fallback: GET /api/students/?cohort_id= (its records carry payment_details too).
      async queryFn(cohortId, _api, _extra, baseQuery) {
        const roster = await baseQuery(`/api/cohorts/${encodeURIComponent(cohortId)}/students/`);
        if (!roster.error || !worthFallingBack(roster.error)) return roster as { data: StudentRecord[] } | { error: FetchBaseQueryError };
        const fallback = await baseQuery({ url: '/api/students/', params: { cohort_id: cohortId } });
        return fallback.error ? { error: roster.error } : { data: fallback.data as StudentRecord[] };
      },
      providesTags: (_result, _error, cohortId) => [{ type: 'CohortStudents', id: cohortId }],
    }),
    createCohort: build.mutation<Cohort, CohortInput>({
      query: (body) => ({ url: '/api/cohorts/', method: 'POST', body }),
      invalidatesTags: onSuccess(['Cohort']),
    }),
    updateCohort: build.mutation<Cohort, CohortInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/api/cohorts/${encodeURIComponent(id)}/`, method: 'PUT', body }),
      invalidatesTags: onSuccess(['Cohort']),
    }),
    // Moving a student changes two rosters and every count, and that student's record.
    addStudentToCohort: build.mutation<{ message: string }, { cohortId: string; username: string }>({
      query: ({ cohortId, username }) => ({ url: `/api/cohorts/${encodeURIComponent(cohortId)}/students/`, method: 'POST', body: { username } }),
      invalidatesTags: (result, _error, { username }) => (result ? ['Cohort', 'CohortStudents', { type: 'Student' as const, id: username }] : []),
    }),
  }),
});

export const { useListCohortsQuery, useGetCohortStudentsQuery, useCreateCohortMutation, useUpdateCohortMutation, useAddStudentToCohortMutation } = cohortsApi;
