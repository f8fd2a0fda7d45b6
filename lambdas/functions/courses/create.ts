/** POST /api/courses/create/ (admin, staff) — 201 with the course; 409 when the CRN is taken. */
import { callerOf, route } from '../../http/route.js';
import { createCourse } from '../../store/course.js';
import { courseFieldsFrom } from '../../presenters/course-input.js';
import { presentCourse } from '../../presenters/course.js';

export const handler = route('courses-create', async (req) => {
  const course = await createCourse(courseFieldsFrom(req), callerOf(req).username);
  return { status: 201, body: presentCourse(course) };
});
