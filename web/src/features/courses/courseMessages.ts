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

/** The `error` field of an API error response (`{ "error": "..." }`), if there is one. */
function serverErrorOf(error: unknown): string | null {
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : undefined;
  const message = typeof data === 'object' && data !== null && 'error' in data ? data.error : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** Spec section 8: "Error: " plus the response's error field, else the screen's fallback. */
export const failureToast = (error: unknown, fallback: string) => {
  const message = serverErrorOf(error);
  return message ? `Error: ${message}` : fallback;
};
