/** PUT /api/courses/{id}/update/ (admin, staff) — 404 for an unknown id, 409 when the new CRN is taken. */
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { updateCourse } from '../../store/course.js';
import { courseFieldsFrom } from '../../presenters/course-input.js';
import { presentCourse } from '../../presenters/course.js';
import { RecordIdParams } from '../../contract/params.js';

export const handler = route('courses-update', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  const course = await updateCourse(id, courseFieldsFrom(req), callerOf(req).username);
  return { body: presentCourse(course) };
});
