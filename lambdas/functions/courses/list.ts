/** GET /api/courses/ — every course, filtered by name (start of the name, any case) and certificate flag. */
import { CourseListQuery } from '../../contract/courses.js';
import { route } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { listCourses } from '../../store/courses.js';
import { presentCourse } from './present.js';

export const handler = route('courses-list', async (req) => {
  const q = parseQuery(req, CourseListQuery);
  const courses = await listCourses({
    namePrefix: q.name || undefined,
    isCertificate: q.is_certificate === undefined ? undefined : q.is_certificate === 'true',
  });
  return { body: courses.map(presentCourse) };
});
