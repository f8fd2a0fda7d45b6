/**
 * A cohort of the tests' own: an academic year drawn at random past any real one, so a file's cohort
 * (and the students it counts in it) never clashes with another file's running at the same time.
 */
import type { ProgramType } from '../../../lambdas/contract/programs.js';
import { createCohort } from '../../../lambdas/store/cohort.js';

/** An active, undated cohort (certificate unless told) of a year in [firstYear, firstYear + years), written by `actor`. */
export function randomCohort(
  actor: string,
  { programName, firstYear, years, programType = 'certificate' }: { programName: string; firstYear: number; years: number; programType?: ProgramType },
) {
  const year = firstYear + Math.floor(Math.random() * years);
  return createCohort(
    {
      academicYear: `${year}-${year + 1}`,
      cohortNumber: 1 + Math.floor(Math.random() * 999),
      programType,
      programName,
      isActive: true,
      startDate: null,
      endDate: null,
    },
    actor,
  );
}
