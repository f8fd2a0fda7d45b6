import { describe, expect, it } from 'vitest';
import {
  addCourse,
  COURSE_STATUSES,
  joinDays,
  newCourseDraft,
  nextCourseId,
  removeCourse,
  SAMPLE_COURSES,
  splitDays,
  TIME_SLOTS,
  totalCredits,
  updateCourse,
  type ScheduleCourse,
} from './scheduleCourses';

describe('schedule course rules (spec sections 3, 4, 5, 9)', () => {
  it('preloads three nursing courses as Registered', () => {
    expect(SAMPLE_COURSES).toHaveLength(3);
    expect(SAMPLE_COURSES.every((course) => course.status === 'Registered' && course.code.startsWith('NUR'))).toBe(true);
  });

  it('offers 13 hourly slots from 08:00 AM to 08:00 PM', () => {
    expect(TIME_SLOTS).toHaveLength(13);
    expect(TIME_SLOTS[0]).toBe('08:00 AM');
    expect(TIME_SLOTS.slice(3, 6)).toEqual(['11:00 AM', '12:00 PM', '01:00 PM']);
    expect(TIME_SLOTS[12]).toBe('08:00 PM');
  });

  it('has the statuses Registered, Pending, Waitlisted, Dropped', () => {
    expect(COURSE_STATUSES).toEqual(['Registered', 'Pending', 'Waitlisted', 'Dropped']);
  });

  it('starts a new course Pending with 3 credits', () => {
    expect(newCourseDraft()).toMatchObject({ status: 'Pending', credits: 3 });
  });

  it('gives a new course the id count + 1', () => {
    const courses = addCourse([...SAMPLE_COURSES], { ...newCourseDraft(), code: 'NUR 130' });
    expect(courses.at(-1)).toMatchObject({ id: 4, code: 'NUR 130' });
  });

  it('skips to the next free id when count + 1 is still in use after a delete', () => {
    const afterDelete = removeCourse([...SAMPLE_COURSES], 1); // ids 2 and 3 remain
    expect(nextCourseId(afterDelete)).toBe(4);
    expect(nextCourseId(removeCourse([...SAMPLE_COURSES], 3))).toBe(3);
  });

  it('updates and removes by id', () => {
    const changed: ScheduleCourse = { ...SAMPLE_COURSES[1], status: 'Dropped' };
    expect(updateCourse([...SAMPLE_COURSES], changed).map((c) => c.status)).toEqual(['Registered', 'Dropped', 'Registered']);
    expect(removeCourse([...SAMPLE_COURSES], 2).map((c) => c.id)).toEqual([1, 3]);
  });

  it('totals credit hours as the sum of credits', () => {
    expect(totalCredits(SAMPLE_COURSES)).toBe(SAMPLE_COURSES[0].credits + SAMPLE_COURSES[1].credits + SAMPLE_COURSES[2].credits);
    expect(totalCredits([])).toBe(0);
  });

  it('joins chosen days in week order with ", " and splits them back', () => {
    expect(joinDays(['Fri', 'Mon', 'Wed'])).toBe('Mon, Wed, Fri');
    expect(joinDays([])).toBe('');
    expect(splitDays('Mon, Wed, Fri')).toEqual(['Mon', 'Wed', 'Fri']);
    expect(splitDays('')).toEqual([]);
  });
});
