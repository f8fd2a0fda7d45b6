import { describe, expect, it } from 'vitest';
import { COURSE_NAMES, type Course } from '../contract/courses.js';
import { categoryOf, courseStats, groupByCategory } from './course-categories.js';

const course = (name: string, over: Partial<Course> = {}): Course => ({
  id: name,
  name,
  CRN: name.slice(0, 5),
  credit_hours: 3,
  application_price: null,
  tuition_price: 100,
  is_certificate_course: false,
  ...over,
});

describe('course categories', () => {
  it('places every fixed course name of the spec in a named category, unknown names in others', () => {
    for (const name of COURSE_NAMES) expect(categoryOf(name), name).not.toBe('others');
    expect(categoryOf('Nursing Assistant')).toBe('nursing');
    expect(categoryOf('Phlebotomy')).toBe('medical');
    expect(categoryOf('Ultrasound')).toBe('tech');
    expect(categoryOf('Algebra')).toBe('general_education');
    expect(categoryOf('Underwater Basket Weaving')).toBe('others');
  });

  it('groups in a fixed order with display names, leaving out empty categories', () => {
    const groups = groupByCategory([course('Physics'), course('Nurse Ethics'), course('Nursing Assistant'), course('Pottery')]);
    expect(groups.map((g) => [g.category, g.display_name, g.courses.map((c) => c.name)])).toEqual([
      ['nursing', 'Nursing', ['Nurse Ethics', 'Nursing Assistant']],
      ['general_education', 'General Education', ['Physics']],
      ['others', 'Other Courses', ['Pottery']],
    ]);
  });

  it('computes stats that agree with the list', () => {
    expect(courseStats([course('A', { credit_hours: 4, is_certificate_course: true }), course('B', { credit_hours: 3 }), course('C', { credit_hours: 3 })])).toEqual({
      total_courses: 3,
      certificate_courses: 1,
      average_credit_hours: 3.33,
    });
    expect(courseStats([])).toEqual({ total_courses: 0, certificate_courses: 0, average_credit_hours: 0 });
  });
});
