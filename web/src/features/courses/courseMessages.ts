import { serverErrorOf } from '../../lib/serverError';

/** The Course Management texts of spec sections 5, 8 and 9, word for word. */
export const COURSE_TOAST_MS = 5000;

export const COURSE_CREATED = 'Course created successfully';
export const COURSE_UPDATED = 'Course updated successfully';
export const COURSE_DELETED = 'Course deleted successfully';
export const SAVE_FAILED_FALLBACK = 'Something went wrong';
export const DELETE_FAILED_FALLBACK = 'Failed to delete course';
export const LIST_FAILED = 'Failed to fetch courses. Please try again later.';
export const CATALOG_FAILED = 'Failed to load course data. Please try again later.';
export const NO_PERMISSION = 'You do not have permission to add, edit or delete courses.';
export const PLEASE_LOG_IN = 'Please log in to view courses';

export const deleteConfirmation = (name: string) =>
  `Are you sure you want to delete the course "${name}"? This action cannot be undone.`;

/** Spec section 8: "Error: " plus the response's error field (or API Gateway's, in words), else the screen's fallback. */
export const failureToast = (error: unknown, fallback: string) => {
  const message = serverErrorOf(error);
  return message ? `Error: ${message}` : fallback;
};
