import { api } from './baseApi';
import type { StudentRecord } from '#contract/students';

/**
 * GET /api/students/{username}/ — shared by the header, the dashboard and (later) the bill card
 * and student lookups, so it lives outside any one feature. Admins and staff usually have no
 * student record: callers treat 404 as "nothing to show".
 */
export const studentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStudent: build.query<StudentRecord, string>({
      query: (username) => `/api/students/${encodeURIComponent(username)}/`,
      providesTags: (_result, _error, username) => [{ type: 'Student', id: username }],
    }),
  }),
});

export const { useGetStudentQuery } = studentsApi;

/** True for the 404 of a user without a student record (admins, staff): "nothing to show", not a failure. */
export function isNoStudentRecord(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}
