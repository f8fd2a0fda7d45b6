import { paths } from './paths';

/**
 * A student's record page is the admin panel's Students view with `?student=<username>`.
 * It lives here rather than in paths.ts, and has no route of its own: paths.ts and the route table
 * are in the start-up bundle, which is at its size budget (web/README.md).
 */
export const STUDENT_PARAM = 'student';

export const studentsViewPath = `${paths.admin}?view=students`;

export const studentRecordPath = (username: string) => `${studentsViewPath}&${STUDENT_PARAM}=${encodeURIComponent(username)}`;

/**
 * What the Students view needs of the above, handed to it by app/AdminPanelRoute rather than
 * imported: imported by both the admin chunk (the cohorts' dialog) and the lazy Students chunk, this
 * module would make the admin chunk export it, which wraps that chunk's import in the start-up bundle.
 */
export interface StudentLinks {
  list: string;
  record: (username: string) => string;
  /** The username the URL's query names, if any. */
  usernameIn: (search: string) => string | null;
}

export const studentLinks: StudentLinks = {
  list: studentsViewPath,
  record: studentRecordPath,
  usernameIn: (search) => new URLSearchParams(search).get(STUDENT_PARAM),
};
