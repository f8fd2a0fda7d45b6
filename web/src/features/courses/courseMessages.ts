import { serverErrorOf } from '#shared/lib/serverError';

/** The Course Management texts the spec fixes, word for word (its toasts' duration is the kernel's TOAST_MS). */
export const COURSE_CREATED = 'Course created successfully';
export const COURSE_UPDATED = 'Course updated successfully';
export const COURSE_DELETED = 'Course deleted successfully';
export const SAVE_FAILED_FALLBACK = 'Something went wrong';
export const DELETE_FAILED_FALLBACK = 'Failed to delete course';
export const LIST_FAILED = 'Failed to fetch courses. Please try again later.';
export const CATALOG_FAILED = 'Failed to load course data. Please try again later.';
export const NO_PERMISSION = 'You do not have permission to add, edit or delete courses.';
export const PLEASE_LOG_IN = 'Please log in to view courses';

export const deleteConfirmation = (name: string) => `Are you sure you want to delete the course "${name}"? This action cannot be undone.`;

/**
 * What a failed save or delete says: the server's error field as a sentence (shared/lib/serverError), else the
 * screen's fallback. Both come without the "Error: " the spec's original prefixed, and
 * without the field name the server puts first ("CRN: ..."): the alert's colour and icon already say it
 * is an error, and a person reads "This CRN is already used by Algebra (CRN 40101)."
 */
export const failureMessage = (error: unknown, fallback: string) => serverErrorOf(error) ?? fallback;
