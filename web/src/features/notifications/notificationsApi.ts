import { api } from '#shared/api/baseApi';
import { onSuccess } from '#shared/api/responses';
import type { NotificationPage, NotificationPreferences, UnreadCount } from '#contract/notifications';

/** The bell shows this many of the latest notices; the inbox reads this many a page. */
export const BELL_SIZE = 5;
export const INBOX_PAGE_SIZE = 20;

const listOf = (limit: number, cursor: string | null) => ({ url: '/api/notifications/', params: cursor ? { limit: String(limit), cursor } : { limit: String(limit) } });

/** The signed-in person's own notices (GET /api/notifications/): newest first, with the unread count. */
const notificationLists = api.enhanceEndpoints({ addTagTypes: ['Notification', 'NotificationPreferences'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The bell: the latest few and the count left unread. */
    getLatestNotifications: build.query<NotificationPage, void>({
      query: () => listOf(BELL_SIZE, null),
      providesTags: ['Notification'],
    }),
    /** The inbox, a page at a time (`next` is an opaque cursor). */
    getNotifications: build.infiniteQuery<NotificationPage, void, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (lastPage) => lastPage.next },
      query: ({ pageParam }) => listOf(INBOX_PAGE_SIZE, pageParam),
      providesTags: ['Notification'],
    }),
  }),
});

/** The same change to every cached list (the bell's, each inbox page), to dispatch. */
const patchesOf = (patch: (page: NotificationPage) => void) => [
  notificationLists.util.updateQueryData('getLatestNotifications', undefined, (page) => void patch(page)),
  notificationLists.util.updateQueryData('getNotifications', undefined, (data) => void data.pages.forEach(patch)),
];

const readOne = (id: string) => (page: NotificationPage) => {
  const found = page.results.find((item) => item.id === id);
  if (!found || found.read) return;
  found.read = true;
  page.unread_count = Math.max(0, page.unread_count - 1);
};
const readAll = (page: NotificationPage) => {
  for (const item of page.results) item.read = true;
  page.unread_count = 0;
};
/** The count the server answers with, which knows of notices no list has loaded. */
const unreadIs = (count: number) => (page: NotificationPage) => void (page.unread_count = count);

/** Dispatches one of `patchesOf`'s cache changes; what it answers can undo the change. */
type PatchDispatch = (patch: ReturnType<typeof patchesOf>[number]) => { undo: () => void };

/** Applies `read` to the cached lists at once; then takes the server's count, or undoes it if the server refuses. */
async function markOptimistically(read: (page: NotificationPage) => void, dispatch: PatchDispatch, queryFulfilled: Promise<{ data: UnreadCount }>) {
  const applied = patchesOf(read).map((patch) => dispatch(patch));
  try {
    const { data } = await queryFulfilled;
    for (const patch of patchesOf(unreadIs(data.unread_count))) dispatch(patch);
  } catch {
    for (const patch of applied) patch.undo();
  }
}

/**
 * Marking read changes the cached lists at once (the dot goes, the bell counts one fewer), undone if the
 * server refuses, rather than reading every inbox page again; then the lists take the server's count.
 * Email preferences: GET and PUT, one record per person.
 */
export const notificationsApi = notificationLists.injectEndpoints({
  endpoints: (build) => ({
    markNotificationRead: build.mutation<UnreadCount, string>({
      query: (id) => ({ url: `/api/notifications/${encodeURIComponent(id)}/read/`, method: 'POST' }),
      onQueryStarted: (id, { dispatch, queryFulfilled }) => markOptimistically(readOne(id), dispatch, queryFulfilled),
    }),
    markAllNotificationsRead: build.mutation<UnreadCount, void>({
      query: () => ({ url: '/api/notifications/read-all/', method: 'POST' }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => markOptimistically(readAll, dispatch, queryFulfilled),
    }),
    getNotificationPreferences: build.query<NotificationPreferences, void>({
      query: () => '/api/users/me/notification-preferences/',
      providesTags: ['NotificationPreferences'],
    }),
    updateNotificationPreferences: build.mutation<NotificationPreferences, NotificationPreferences>({
      query: (body) => ({ url: '/api/users/me/notification-preferences/', method: 'PUT', body }),
      invalidatesTags: onSuccess(['NotificationPreferences']),
    }),
  }),
});

export const {
  useGetLatestNotificationsQuery,
  useGetNotificationsInfiniteQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useGetNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
} = notificationsApi;
