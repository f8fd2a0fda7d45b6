import { serverErrorOf } from '#shared/lib/serverError';

/** The texts of the student administration screens (beyond the spec). */
export const STUDENTS_FAILED = 'Failed to load students';
export const NO_STUDENTS_FOUND = 'No students found';
export const STUDENT_FAILED = 'Failed to load student details';
export const STUDENT_NOT_FOUND = 'Student not found';
export const DOCUMENTS_FAILED = 'Failed to load documents';
export const PAYMENTS_FAILED = 'Failed to load card payments';
export const SAVE_FAILED_FALLBACK = 'Something went wrong';
/** A failed save as the server says it, else the fallback. */
export const savedFailure = (error: unknown) => serverErrorOf(error) ?? SAVE_FAILED_FALLBACK;

export const studentCreated = (username: string) => `Student ${username} created successfully`;
export const ENROLLED = 'Enrollment added successfully';
export const entryPosted = (kind: 'charge' | 'credit') => (kind === 'charge' ? 'Charge posted successfully' : 'Credit posted successfully');
export const signInChanged = (enabled: boolean) => (enabled ? 'Sign-in enabled' : 'Sign-in disabled');
/** The admin's reset of a student's two-step sign-in (TOTP). */
export const mfaResetDone = (reset: boolean) => (reset ? 'Two-step sign-in reset: the student signs in with their password alone' : 'Two-step sign-in was not on for this student');

/** CSV import as a job (beyond the spec). */
export const IMPORT_FAILED = 'Failed to load the import';
export const IMPORTS_FAILED = 'Failed to load past imports';
export const IMPORT_NOT_QUEUED = 'The import could not be queued; upload the file again.';
