/** GET /api/courses/categories/ — the catalog: courses grouped by category (domain/course-categories.ts). */
import { groupByCategory } from '../../domain/course-categories.js';
import { route } from '../../http/route.js';
import { listCourses } from '../../store/course.js';
import { presentCourse } from '../../presenters/course.js';

export const handler = route('courses-categories', async () => {
  const courses = (await listCourses()).map(presentCourse);
  return { body: groupByCategory(courses) };
});
