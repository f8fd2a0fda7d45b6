/**
 * GET /api/courses/ — courses filtered by name (start of the name, any case) and certificate flag, by
 * name. Without `limit` or `cursor`: every match as an array (what the SPA reads); with them: one
 * page `{ results, count, next }` from one Query, whatever the catalog's size.
 */
import { CourseListQuery, type Course } from '../../contract/courses.js';
import type { Page } from '../../contract/page.js';
import { decodeCursor, encodeCursor } from '../../http/cursor.js';
import { route } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { listCourses, listCoursesPage } from '../../store/course.js';
import { presentCourse } from '../../presenters/course.js';

export const handler = route('courses-list', async (req) => {
  const q = parseQuery(req, CourseListQuery);
  const filter = {
    namePrefix: q.name || undefined,
    isCertificate: q.is_certificate === undefined ? undefined : q.is_certificate === 'true',
  };
  if (q.limit === undefined && !q.cursor) return { body: (await listCourses(filter)).map(presentCourse) };
  const { courses, lastKey } = await listCoursesPage(filter, q.limit ?? 50, decodeCursor(q.cursor));
  const body: Page<Course> = { results: courses.map(presentCourse), count: courses.length, next: encodeCursor(lastKey) };
  return { body };
});
