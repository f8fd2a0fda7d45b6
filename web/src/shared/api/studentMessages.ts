import { api } from './baseApi';
import type { MessageLogItem } from '#contract/notifications';
import type { Page } from '#contract/page';

const PAGE_SIZE = '20';

/**
 * GET /api/students/{username}/messages/ (staff and admins): the emails sent to a student, newest first, a page at
 * a time (the server audits each read as a read of the record). Here rather than in a feature: the student record
 * (admins) and the announcements page (staff too) both show the log.
 */
export const studentMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listStudentMessages: build.infiniteQuery<Page<MessageLogItem>, string, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (lastPage) => lastPage.next },
      query: ({ queryArg, pageParam }) => ({
        url: `/api/students/${encodeURIComponent(queryArg)}/messages/`,
        params: pageParam ? { limit: PAGE_SIZE, cursor: pageParam } : { limit: PAGE_SIZE },
      }),
      // an email's status moves (sent, delivered, bounced): read again whenever the log is shown
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useListStudentMessagesInfiniteQuery } = studentMessagesApi;
