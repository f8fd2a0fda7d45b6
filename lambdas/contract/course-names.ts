/** Course names and catalog categories: plain constants (no zod), shared by the contract, the domain and the SPA. */

/** The course names the spec fixes (the form's choices; "Nurse Ethics" is listed twice there). */
export const COURSE_NAMES = [
  'Nursing Assistant',
  'EKG Technician',
  'Phlebotomy',
  'Ultrasound Program',
  'MA',
  'MA(associates)',
  'Patient Care Technician',
  'Algebra',
  'Ultrasound',
  'Nurse Ethics',
  'Physics',
  'Biology',
  'English',
  'Medical Terminology for Allied Health Sciences',
] as const;

export const COURSE_CATEGORIES = ['nursing', 'medical', 'tech', 'general_education', 'others'] as const;
export type CourseCategoryKey = (typeof COURSE_CATEGORIES)[number];
