/** PUT /api/courses/{id}/update/ (admin, staff) — 404 for an unknown id, 409 when the new CRN is taken. */
import * as z from '../../contract/zod.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { updateCourse } from '../../store/courses.js';
import { courseFieldsFrom } from './input.js';
import { presentCourse } from './present.js';

export const CourseIdParams = z.object({ id: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(64, 'is too long')) });

export const handler = route('courses-update', async (req) => {
  const { id } = parseParams(req, CourseIdParams);
  const course = await updateCourse(id, courseFieldsFrom(req), callerOf(req).username);
  return { body: presentCourse(course) };
});
