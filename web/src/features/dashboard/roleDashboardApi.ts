import { api } from '#shared/api/baseApi';
import type { DashboardSummary } from '#contract/dashboard';

/** GET /api/dashboard/: the figures of the caller's staff roles, one call per visit. */
export const roleDashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardSummary: build.query<DashboardSummary, void>({
      query: () => '/api/dashboard/',
      providesTags: ['Payment'],
    }),
  }),
});

export const { useGetDashboardSummaryQuery } = roleDashboardApi;
