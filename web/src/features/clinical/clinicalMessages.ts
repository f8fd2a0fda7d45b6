import { rawServerErrorOf, serverErrorOf } from '#shared/lib/serverError';

export const SAVE_FAILED = 'That could not be saved. Please try again.';
export const UPLOAD_FAILED = 'The agreement file could not be uploaded. Please try again.';
export const DOWNLOAD_FAILED = 'The agreement could not be downloaded. Please try again.';

/** "capacity: 2 students are assigned; ..." (lowering a rotation's capacity) would read "Capacity 2 students ...". */
const CAPACITY = /^capacity: (\d+ students? (?:is|are) assigned.*)$/;

/** A failed call as a sentence: the API's `{error}` in plain words (no field names), or `fallback`. */
export function problemOf(error: unknown, fallback: string): string {
  const capacity = CAPACITY.exec(rawServerErrorOf(error) ?? '');
  if (capacity) return `The capacity is too low: ${capacity[1]}.`;
  return serverErrorOf(error) ?? fallback;
}
