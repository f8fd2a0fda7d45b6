/** DELETE /api/courses/{id}/delete/ (admin, staff) — removes the course and frees its CRN. */
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { deleteCourse } from '../../store/course.js';
import { RecordIdParams } from '../../contract/params.js';

export const handler = route('courses-delete', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  await deleteCourse(id, callerOf(req).username);
  return { body: { message: 'Course deleted successfully' } };
});
