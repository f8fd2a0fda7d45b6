import type { Cohort, CohortInput } from '../contract/cohorts.js';
import type { CohortFields, CohortRecord } from '../store/cohort.js';

export const presentCohort = (c: CohortRecord): Cohort => ({
  id: c.id,
  academic_year: c.academicYear,
  cohort_number: c.cohortNumber,
  program_type: c.programType,
  program_name: c.programName,
  student_count: c.studentCount,
  is_active: c.isActive,
  start_date: c.startDate,
  end_date: c.endDate,
});

export const cohortFields = (
  input: Required<Pick<CohortInput, 'academic_year' | 'cohort_number' | 'program_type' | 'program_name'>> & {
    start_date?: string | null;
    end_date?: string | null;
    is_active: boolean;
  },
): CohortFields => ({
  academicYear: input.academic_year,
  cohortNumber: input.cohort_number,
  programType: input.program_type,
  programName: input.program_name,
  startDate: input.start_date ?? null,
  endDate: input.end_date ?? null,
  isActive: input.is_active,
});
