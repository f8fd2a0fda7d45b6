import { api } from '../../app/api';
import type { DashboardSummary } from '../../contract';

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
