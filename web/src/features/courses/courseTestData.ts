import type { Course, CourseCategory, CourseStats } from '#contract/courses';
import { sampleUser, signedIn } from '../../testing/test-utils';

/** Fixtures and a stubbed API for the course screens' tests. */
export const nursingAssistant: Course = {
  id: 'course-01',
  name: 'Nursing Assistant',
  CRN: '10101',
  credit_hours: 6,
  application_price: 50,
  tuition_price: 1450.5,
  is_certificate_course: true,
};

export const algebra: Course = {
  id: 'course-08',
  name: 'Algebra',
  CRN: '40101',
  credit_hours: 3,
  application_price: null,
  tuition_price: 450,
  is_certificate_course: false,
};

export const categories: CourseCategory[] = [
  { category: 'nursing', display_name: 'Nursing', courses: [nursingAssistant] },
  { category: 'general_education', display_name: 'General Education', courses: [algebra, { ...algebra, id: 'x', CRN: '40109' }] },
  { category: 'others', display_name: 'Other Courses', courses: [{ ...algebra, id: 'y', name: 'Chemistry', CRN: '50101' }] },
];

export const stats: CourseStats = { total_courses: 4, certificate_courses: 1, average_credit_hours: 3.75 };

export const asAdmin = () => signedIn(sampleUser({ username: 'admin', isAdmin: true, is_staff: true }));
export const asStaff = () => signedIn(sampleUser({ username: 'staff', is_staff: true }));
export const asStudent = () => signedIn(sampleUser());

export type { ApiCall, Answer } from '../../testing/test-utils';
export { stubApi as stubCourseApi } from '../../testing/test-utils';
