/** The cohort and student texts the spec fixes, word for word, and this screen's own. */
export const COHORTS_FAILED = 'Failed to load cohorts data';
export const STUDENTS_FAILED = 'Failed to load cohort students';
export const STUDENT_FAILED = 'Failed to load student details';
export const NO_COHORTS = 'No cohorts found matching your criteria';
export const NO_STUDENTS = 'No students found in this cohort';
export const NO_ENROLLMENTS = 'No program enrollments found';
export const NO_EMAIL = 'No email address found for this student';
export const COHORT_NOT_FOUND = 'Cohort not found';

/** Toasts of the admin writes (beyond the spec). */
export const COHORT_CREATED = 'Cohort created successfully';
export const COHORT_UPDATED = 'Cohort updated successfully';
export const studentMoved = (username: string) => `${username} moved to this cohort`;
export const SAVE_FAILED_FALLBACK = 'Something went wrong';
