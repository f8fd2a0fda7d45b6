/** Stored courses as the API shows them (prices in dollars or null). No zod here: the read routes need none. */
import type { Course } from '../contract/courses.js';
import { centsToDollars } from '../domain/money.js';
import type { CourseRecord } from '../store/course.js';

export const presentCourse = (c: CourseRecord): Course => ({
  id: c.id,
  name: c.name,
  CRN: c.crn,
  credit_hours: c.creditHours,
  application_price: c.applicationPriceCents === null ? null : centsToDollars(c.applicationPriceCents),
  tuition_price: c.tuitionPriceCents === null ? null : centsToDollars(c.tuitionPriceCents),
  is_certificate_course: c.isCertificateCourse,
});
