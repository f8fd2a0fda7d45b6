import * as z from './zod.js';
import { COURSE_NAMES, type CourseCategoryKey } from './course-names.js';

// The constants live apart from the schemas so routes that need only them bundle no zod.
export { COURSE_CATEGORIES, COURSE_NAMES, type CourseCategoryKey } from './course-names.js';

/** Optional price: a number or numeric string >= 0 with at most two decimals; empty or null means none. */
const Price = z
  .pipe(
    z.optional(z.union([z.number(), z.string(), z.null()])),
    z.transform((v) => (v === undefined || v === null || String(v).trim() === '' ? null : String(v).trim())),
  )
  .check(
    z.refine((v) => v === null || /^\d+(\.\d{1,2})?$/.test(v), 'must be a number of at least 0 with at most two decimals'),
    z.refine((v) => v === null || Number(v) <= 1_000_000, 'must be at most 1000000'),
  );

/** POST /api/courses/create/ and PUT /api/courses/{id}/update/ (the form validates with the same schema). */
export const CourseInput = z.object({
  name: z.enum(COURSE_NAMES, { error: 'must be one of the course names' }),
  CRN: z
    .string({ error: 'is required' })
    .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(20, 'is too long'), z.regex(/^[A-Za-z0-9-]+$/, 'may contain only letters, digits and hyphens')),
  credit_hours: z.pipe(
    z.union([z.number(), z.pipe(z.string().check(z.trim(), z.regex(/^\d+$/, 'must be a whole number')), z.transform(Number))], { error: 'is required' }),
    z.number().check(z.int('must be a whole number'), z.minimum(1, 'must be at least 1'), z.maximum(60, 'must be at most 60')),
  ),
  application_price: Price,
  tuition_price: Price,
  is_certificate_course: z._default(z.optional(z.boolean()), true),
  /** The update call may repeat the id; the path is what counts. */
  id: z.optional(z.union([z.string(), z.number()])),
});
export type CourseInput = z.input<typeof CourseInput>;

export interface Course {
  id: string;
  name: string;
  CRN: string;
  credit_hours: number;
  application_price: number | null;
  tuition_price: number | null;
  is_certificate_course: boolean;
}

export interface CourseCategory {
  category: CourseCategoryKey;
  display_name: string;
  courses: Course[];
}

export interface CourseStats {
  total_courses: number;
  certificate_courses: number;
  average_credit_hours: number;
}

/** GET /api/courses/: every matching course (an array), or with `limit` / `cursor` one page `{ results, count, next }`. */
export const CourseListQuery = z.object({
  name: z.optional(z.string().check(z.trim(), z.maxLength(200, 'is too long'))),
  is_certificate: z.optional(z.enum(['true', 'false'], { error: 'must be true or false' })),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200))),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
});
