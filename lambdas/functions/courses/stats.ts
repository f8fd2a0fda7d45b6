/** GET /api/courses/stats/ — computed from the same collection as the list, so the two always agree. */
import { courseStats } from '../../domain/course-categories.js';
import { route } from '../../http/route.js';
import { listCourses } from '../../store/course.js';
import { presentCourse } from '../../presenters/course.js';

export const handler = route('courses-stats', async () => ({ body: courseStats((await listCourses()).map(presentCourse)) }));
