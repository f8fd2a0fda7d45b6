import type { StudentSummary } from '#contract/student-admin';
import { useDebouncedValue } from '#shared/lib/useDebouncedValue';
import { useSearchAnnouncementStudentsQuery } from './announcementsApi';

/** Typing calls the server once typing pauses this long (as the admin list's search box). */
const SEARCH_DEBOUNCE_MS = 300;
/** Fewer letters would match most of the school, and every search is audited as a read of those students. */
export const MIN_SEARCH_LENGTH = 2;
/** One empty list, so the picker's options stay the same while there are no matches. */
const NONE: StudentSummary[] = [];

/**
 * The students matching what was typed, read once typing pauses. No matches while typing goes on or a
 * search is on its way, so the list never shows the matches of an earlier text.
 */
export function useStudentSearch(text: string) {
  const typed = text.trim();
  const settled = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const tooShort = typed.length < MIN_SEARCH_LENGTH;
  const query = useSearchAnnouncementStudentsQuery(settled, { skip: tooShort || settled.length < MIN_SEARCH_LENGTH });
  const current = !tooShort && settled === typed;
  return {
    tooShort,
    students: current ? (query.currentData ?? NONE) : NONE,
    searching: !tooShort && (!current || query.isFetching),
    failed: current && query.isError,
  };
}
