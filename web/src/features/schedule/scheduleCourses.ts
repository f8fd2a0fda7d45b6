/**
 * The schedule editor's data and rules. The schedule is local
 * only: nothing here calls the server.
 */
export const COURSE_STATUSES = ['Registered', 'Pending', 'Waitlisted', 'Dropped'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** "08:00 AM" ... "08:00 PM": 13 hourly slots. */
export const TIME_SLOTS: readonly string[] = Array.from({ length: 13 }, (_, i) => {
  const hour = 8 + i;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${String(hour12).padStart(2, '0')}:00 ${hour < 12 ? 'AM' : 'PM'}`;
});

export interface ScheduleCourse {
  id: number;
  code: string;
  name: string;
  credits: number;
  /** Day abbreviations joined by ", ", e.g. "Mon, Wed". */
  days: string;
  startTime: string;
  endTime: string;
  room: string;
  instructor: string;
  status: CourseStatus;
}

export type CourseDraft = Omit<ScheduleCourse, 'id'>;

export const SAMPLE_COURSES: readonly ScheduleCourse[] = [
  {
    id: 1,
    code: 'NUR 101',
    name: 'Fundamentals of Nursing',
    credits: 4,
    days: 'Mon, Wed',
    startTime: '09:00 AM',
    endTime: '11:00 AM',
    room: 'Room 204',
    instructor: 'Dr. Sarah Mitchell',
    status: 'Registered',
  },
  {
    id: 2,
    code: 'NUR 112',
    name: 'Anatomy and Physiology for Nurses',
    credits: 3,
    days: 'Tue, Thu',
    startTime: '01:00 PM',
    endTime: '03:00 PM',
    room: 'Science Lab 2',
    instructor: 'Prof. David Chen',
    status: 'Registered',
  },
  {
    id: 3,
    code: 'NUR 120',
    name: 'Introduction to Pharmacology',
    credits: 3,
    days: 'Fri',
    startTime: '10:00 AM',
    endTime: '01:00 PM',
    room: 'Room 118',
    instructor: 'Dr. Angela Brooks',
    status: 'Registered',
  },
];

/** A new course starts Pending with 3 credits; everything else is left for the student to fill in. */
export function newCourseDraft(): CourseDraft {
  return { code: '', name: '', credits: 3, days: '', startTime: '', endTime: '', room: '', instructor: '', status: 'Pending' };
}

/**
 * Spec: the current count plus one. After a delete that id can still be in use (delete 1 of
 * 1, 2, 3 and "3" is taken), so the next free number follows; edit and delete go by id.
 */
export function nextCourseId(courses: readonly ScheduleCourse[]): number {
  const taken = new Set(courses.map((course) => course.id));
  let id = courses.length + 1;
  while (taken.has(id)) id += 1;
  return id;
}

export function addCourse(courses: readonly ScheduleCourse[], draft: CourseDraft): ScheduleCourse[] {
  return [...courses, { ...draft, id: nextCourseId(courses) }];
}

export function updateCourse(courses: readonly ScheduleCourse[], changed: ScheduleCourse): ScheduleCourse[] {
  return courses.map((course) => (course.id === changed.id ? changed : course));
}

export function removeCourse(courses: readonly ScheduleCourse[], id: number): ScheduleCourse[] {
  return courses.filter((course) => course.id !== id);
}

/** Total credit hours = sum of credits. */
export function totalCredits(courses: readonly ScheduleCourse[]): number {
  return courses.reduce((sum, course) => sum + course.credits, 0);
}

/** The multi-select's choice as stored: week order, joined by ", ". */
export function joinDays(days: readonly string[]): string {
  return WEEKDAYS.filter((day) => days.includes(day)).join(', ');
}

export function splitDays(days: string): string[] {
  return days
    .split(',')
    .map((day) => day.trim())
    .filter(Boolean);
}
