import type { Cohort } from '#contract/cohorts';
import type { StudentSummary } from '#contract/student-admin';
import type { ProgramType } from '#contract/programs';
import type { StudentListArgs } from './studentsAdminApi';

export type BalanceStatus = 'current' | 'due' | 'overdue';

/** The list's filters. Search, program type and balance status go to the server; the cohort is applied here. */
export interface StudentFilters {
  search: string;
  programType: ProgramType | '';
  cohortId: string;
  balanceStatus: BalanceStatus | '';
}

export const NO_FILTERS: StudentFilters = { search: '', programType: '', cohortId: '', balanceStatus: '' };

/** The cohort roster's labels: 0 Current, above 500 Overdue, otherwise Due. */
export const BALANCE_STATUS_LABEL: Record<BalanceStatus, string> = { current: 'Current', due: 'Due', overdue: 'Overdue' };

export const listArgsOf = (filters: StudentFilters, search: string): StudentListArgs => ({
  search: search.trim(),
  program_type: filters.programType,
  balance_status: filters.balanceStatus,
});

/** GET /api/students/ has no cohort filter besides the roster form (which has no sign-in state), so it is applied here. */
export const inCohort = (students: readonly StudentSummary[], cohortId: string) => (cohortId ? students.filter((student) => student.cohort_id === cohortId) : [...students]);

/** The cohorts a select offers: those of the program type chosen, if any. */
export const cohortsOfType = (cohorts: readonly Cohort[], programType: ProgramType | '') =>
  programType ? cohorts.filter((cohort) => cohort.program_type === programType) : [...cohorts];

/** A new program type keeps the chosen cohort only if the cohort is of that type. */
export function withProgramType(filters: StudentFilters, programType: ProgramType | '', cohorts: readonly Cohort[]): StudentFilters {
  const keepsCohort = cohortsOfType(cohorts, programType).some((cohort) => cohort.id === filters.cohortId);
  return { ...filters, programType, cohortId: keepsCohort ? filters.cohortId : '' };
}

/** "2026-2027 Cohort 2", as the cohort screens name a cohort. */
export const cohortLabel = (cohort: Pick<Cohort, 'academic_year' | 'cohort_number'>) => `${cohort.academic_year} Cohort ${cohort.cohort_number}`;

export const fullName = (student: { first_name: string; last_name: string; username: string }) =>
  [student.first_name, student.last_name].filter(Boolean).join(' ') || student.username;
