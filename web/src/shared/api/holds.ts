import { api } from './baseApi';
import type { StudentHoldsResponse } from '#contract/holds';

/**
 * GET /api/students/{username}/holds/ (the student themselves, or staff): a student's account holds, with what
 * each blocks and how to clear it. Here rather than in a feature: the student's dashboard and the staff's student
 * record both show them. Tagged 'Holds', so a save of the hold rules (features/plans) reads them again.
 */
export const studentHoldsApi = api.enhanceEndpoints({ addTagTypes: ['Holds'] }).injectEndpoints({
  endpoints: (build) => ({
    getStudentHolds: build.query<StudentHoldsResponse, string>({
      query: (username) => `/api/students/${encodeURIComponent(username)}/holds/`,
      transformResponse: (body: Partial<StudentHoldsResponse> | null) => ({ holds: body?.holds ?? [], never_blocked: body?.never_blocked ?? [] }),
      providesTags: ['Holds'],
    }),
  }),
});

export const { useGetStudentHoldsQuery } = studentHoldsApi;
