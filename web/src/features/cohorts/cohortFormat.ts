import type { Cohort } from '#contract/cohorts';
import { formatCalendarDate } from '#shared/lib/dates';

/** "2025-2026 Cohort 1", as breadcrumbs and headings name a cohort. */
export const cohortLabel = (cohort: Pick<Cohort, 'academic_year' | 'cohort_number'>) => `${cohort.academic_year} Cohort ${cohort.cohort_number}`;

export const statusLabel = (cohort: Pick<Cohort, 'is_active'>) => (cohort.is_active ? 'Active' : 'Inactive');

/** Program Dates card: a missing start is "Not set", a missing end "Ongoing". */
export const startDateText = (date: string | null) => (date ? formatCalendarDate(date) : 'Not set');
export const endDateText = (date: string | null) => (date ? formatCalendarDate(date) : 'Ongoing');

export const fullName = (student: { first_name: string; last_name: string; username: string }) =>
  [student.first_name, student.last_name].filter(Boolean).join(' ') || student.username;
