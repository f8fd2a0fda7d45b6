import type { Cohort } from '#contract/cohorts';
import type { ProgramType } from '#contract/programs';

/** The Cohort Management filters; '' means "all". */
export interface CohortFilters {
  search: string;
  programType: ProgramType | '';
  academicYear: string;
  status: '' | 'active' | 'inactive';
}

export const NO_FILTERS: CohortFilters = { search: '', programType: '', academicYear: '', status: '' };

export const hasFilters = (filters: CohortFilters) => Object.values(filters).some((value) => value !== '');

/** Search matches the cohort number, the program name or the academic year, in any case. */
function matchesSearch(cohort: Cohort, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [String(cohort.cohort_number), cohort.program_name, cohort.academic_year].some((text) => text.toLowerCase().includes(needle));
}

export function filterCohorts(cohorts: readonly Cohort[], filters: CohortFilters): Cohort[] {
  return cohorts.filter(
    (cohort) =>
      matchesSearch(cohort, filters.search) &&
      (!filters.programType || cohort.program_type === filters.programType) &&
      (!filters.academicYear || cohort.academic_year === filters.academicYear) &&
      (!filters.status || cohort.is_active === (filters.status === 'active')),
  );
}

/** The Academic Year options come from the data, newest first. */
export const academicYearsOf = (cohorts: readonly Cohort[]): string[] => [...new Set(cohorts.map((cohort) => cohort.academic_year))].sort().reverse();

export interface CohortSummary {
  totalCohorts: number;
  totalStudents: number;
  /** Cohorts currently running: each is one running offering of a program. */
  activePrograms: number;
  /** Students per cohort, one decimal. */
  averageClassSize: number;
}

/** The summary cards describe every cohort, whatever the filters show. */
export function summarize(cohorts: readonly Cohort[]): CohortSummary {
  const totalStudents = cohorts.reduce((sum, cohort) => sum + cohort.student_count, 0);
  return {
    totalCohorts: cohorts.length,
    totalStudents,
    activePrograms: cohorts.filter((cohort) => cohort.is_active).length,
    averageClassSize: cohorts.length === 0 ? 0 : Math.round((totalStudents / cohorts.length) * 10) / 10,
  };
}
