/**
 * Which catalog category a course belongs to, decided from its name in this one place (the spec
 * names the categories but not the mapping). Names not listed fall under "others".
 *
 *   nursing            Nursing Assistant, Nurse Ethics, Patient Care Technician
 *   medical            EKG Technician, Phlebotomy, MA, MA(associates), Medical Terminology for Allied Health Sciences
 *   tech               Ultrasound Program, Ultrasound (imaging technology)
 *   general_education  Algebra, Physics, Biology, English
 */
import type { Course, CourseCategory, CourseStats } from '../contract/courses.js';
import { COURSE_CATEGORIES, type CourseCategoryKey } from '../contract/course-names.js';

const CATEGORY_OF_NAME: Record<string, CourseCategoryKey> = {
  'Nursing Assistant': 'nursing',
  'Nurse Ethics': 'nursing',
  'Patient Care Technician': 'nursing',
  'EKG Technician': 'medical',
  Phlebotomy: 'medical',
  MA: 'medical',
  'MA(associates)': 'medical',
  'Medical Terminology for Allied Health Sciences': 'medical',
  'Ultrasound Program': 'tech',
  Ultrasound: 'tech',
  Algebra: 'general_education',
  Physics: 'general_education',
  Biology: 'general_education',
  English: 'general_education',
};

export const CATEGORY_DISPLAY_NAMES: Record<CourseCategoryKey, string> = {
  nursing: 'Nursing',
  medical: 'Medical & Allied Health',
  tech: 'Imaging Technology',
  general_education: 'General Education',
  others: 'Other Courses',
};

export const categoryOf = (name: string): CourseCategoryKey => CATEGORY_OF_NAME[name] ?? 'others';

/** Categories in a fixed order, each with its courses (sorted by name); empty categories are left out. */
export function groupByCategory(courses: Course[]): CourseCategory[] {
  return COURSE_CATEGORIES.map((category) => ({
    category,
    display_name: CATEGORY_DISPLAY_NAMES[category],
    courses: courses.filter((c) => categoryOf(c.name) === category).sort((a, b) => a.name.localeCompare(b.name) || a.CRN.localeCompare(b.CRN)),
  })).filter((c) => c.courses.length > 0);
}

export function courseStats(courses: Course[]): CourseStats {
  const total = courses.length;
  const credits = courses.reduce((n, c) => n + c.credit_hours, 0);
  return {
    total_courses: total,
    certificate_courses: courses.filter((c) => c.is_certificate_course).length,
    average_credit_hours: total === 0 ? 0 : Math.round((credits / total) * 100) / 100,
  };
}
