import { rawServerErrorOf, serverErrorOf } from '#shared/lib/serverError';

export const LOAD_FAILED = 'The payment plans could not be loaded. Please try again.';
export const SAVE_FAILED = 'The payment plans could not be saved. Please try again.';

/** "templates.2.name: Monthly is listed twice" (lambdas/functions/payment-plans/templates-put.ts). */
const LISTED_TWICE = /^templates\.\d+\.name: (.+) is listed twice$/;

/** A failed call as a sentence with no field path: the server's own words, or `fallback`. */
export function saveProblemOf(error: unknown, fallback = SAVE_FAILED): string {
  const twice = LISTED_TWICE.exec(rawServerErrorOf(error) ?? '');
  if (twice) return `There is already a plan named ${twice[1] ?? 'that'}.`;
  return serverErrorOf(error) ?? fallback;
}
