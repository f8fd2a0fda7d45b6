import type { Cohort } from '#contract/cohorts';
import type { ProgramType } from '#contract/programs';
import { ClearFiltersButton, FilterBar, SearchField } from '#shared/components/FilterBar';
import { ProgramTypeOptions } from '#shared/components/ProgramTypeOptions';
import { NativeSelect } from '#shared/components/NativeSelect';
import { BALANCE_STATUS_LABEL, cohortLabel, cohortsOfType, NO_FILTERS, withProgramType, type BalanceStatus, type StudentFilters } from './studentFilters';

interface Props {
  filters: StudentFilters;
  cohorts: readonly Cohort[];
  onChange: (filters: StudentFilters) => void;
}

/** Search and the three selects filter the list as they change. */
export function StudentFiltersBar({ filters, cohorts, onChange }: Props) {
  return (
    <FilterBar label="Filter students" columns={{ xs: '1fr', sm: 'repeat(2, 1fr)', lg: '2fr 1fr 1.5fr 1fr auto' }}>
      <SearchField id="student-search" placeholder="Name, username or email" value={filters.search} onChange={(search) => onChange({ ...filters, search })} />
      <NativeSelect
        id="student-program-type"
        label="Program Type"
        size="small"
        value={filters.programType}
        onChange={(event) => onChange(withProgramType(filters, event.target.value as ProgramType | '', cohorts))}
      >
        <option value="">All</option>
        <ProgramTypeOptions />
      </NativeSelect>
      <NativeSelect id="student-cohort" label="Cohort" size="small" value={filters.cohortId} onChange={(event) => onChange({ ...filters, cohortId: event.target.value })}>
        <option value="">All</option>
        {cohortsOfType(cohorts, filters.programType).map((cohort) => (
          <option key={cohort.id} value={cohort.id}>
            {`${cohortLabel(cohort)} (${cohort.program_name})`}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        id="student-balance-status"
        label="Balance Status"
        size="small"
        value={filters.balanceStatus}
        onChange={(event) => onChange({ ...filters, balanceStatus: event.target.value as BalanceStatus | '' })}
      >
        <option value="">All</option>
        {Object.entries(BALANCE_STATUS_LABEL).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </NativeSelect>
      <ClearFiltersButton onClick={() => onChange(NO_FILTERS)} />
    </FilterBar>
  );
}
