import { serverErrorOf } from '#shared/lib/serverError';

export const LOAD_FAILED = 'Compliance records could not be loaded. Please try again.';
export const SAVE_FAILED = 'That could not be saved. Please try again.';
export const UPLOAD_FAILED = 'A file could not be uploaded. Please try again.';
export const PREVIEW_FAILED = 'This file could not be opened. Please try again.';

/** A failed call as a sentence: the API's `{error}` in plain words, or `fallback`. */
export const problemOf = (error: unknown, fallback: string) => serverErrorOf(error) ?? fallback;
