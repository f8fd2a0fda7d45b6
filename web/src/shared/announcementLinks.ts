import { paths } from './paths';

/**
 * The announcements page opens its composer preset to a cohort from a link, so the cohorts' Email All
 * needs no import of the announcements feature (features never import each other).
 */
const COMPOSE = 'compose';
const COHORT_ID = 'cohort_id';

export const composeToCohortPath = (cohortId: string) => `${paths.announcements}?${COMPOSE}=cohort&${COHORT_ID}=${encodeURIComponent(cohortId)}`;

/** The cohort a link's query asks the composer to address (`?compose=cohort&cohort_id=...`), or null. */
export function cohortToComposeFor(search: string): string | null {
  const query = new URLSearchParams(search);
  return query.get(COMPOSE) === 'cohort' ? query.get(COHORT_ID) || null : null;
}
