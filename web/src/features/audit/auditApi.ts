import { api } from '#shared/api/baseApi';
import type { AuditPage } from '#contract/audit';
import { auditUrl, type AuditFilters } from './auditQuery';

/** The Audit screen's call: GET /api/audit/ (admins), newest first, one cursor page at a time. */
export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.infiniteQuery<AuditPage, AuditFilters, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (lastPage) => lastPage.next },
      query: ({ queryArg, pageParam }) => auditUrl(queryArg, pageParam),
      // the log grows with every change and read: always ask again when the screen opens
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAuditLogInfiniteQuery } = auditApi;
