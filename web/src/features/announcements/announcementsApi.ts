import { api } from '#shared/api/baseApi';
import { listOf, onSuccess } from '#shared/api/responses';
import type { Cohort } from '#contract/cohorts';
import type { AnnouncementSummary } from '#contract/notifications';
import type { AnnouncementInput } from '#contract/notification-requests';
import type { StudentSummary } from '#contract/student-admin';
import type { Page } from '#contract/page';

const PAGE_SIZE = 20;

/** Announcements (staff and admins): the sent and scheduled ones a page at a time, a new one, and the cohorts and students to address. */
export const announcementsApi = api.enhanceEndpoints({ addTagTypes: ['Announcement', 'Cohort'] }).injectEndpoints({
  endpoints: (build) => ({
    listAnnouncements: build.infiniteQuery<Page<AnnouncementSummary>, void, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (lastPage) => lastPage.next },
      query: ({ pageParam }) => ({ url: '/api/announcements/', params: pageParam ? { limit: String(PAGE_SIZE), cursor: pageParam } : { limit: String(PAGE_SIZE) } }),
      providesTags: ['Announcement'],
    }),
    createAnnouncement: build.mutation<AnnouncementSummary, AnnouncementInput>({
      query: (body) => ({ url: '/api/announcements/', method: 'POST', body }),
      invalidatesTags: onSuccess(['Announcement']),
    }),
    /** For the audience's cohort select; named apart from the cohorts feature's own listCohorts. */
    listAnnouncementCohorts: build.query<Cohort[], void>({
      query: () => '/api/cohorts/',
      transformResponse: listOf<Cohort>,
      providesTags: ['Cohort'],
    }),
    /**
     * The student picker's matches (name, username or email), every one the server finds: the paged list
     * filters within a page by last name, so a page could come back empty while later ones hold matches.
     */
    searchAnnouncementStudents: build.query<StudentSummary[], string>({
      query: (search) => ({ url: '/api/students/', params: { search } }),
      transformResponse: listOf<StudentSummary>,
    }),
  }),
});

export const { useListAnnouncementsInfiniteQuery, useCreateAnnouncementMutation, useListAnnouncementCohortsQuery, useSearchAnnouncementStudentsQuery } = announcementsApi;
