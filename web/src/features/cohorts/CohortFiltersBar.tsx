import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ClearFiltersButton, FilterBar, SearchField } from '#shared/components/FilterBar';
import { NativeSelect } from '#shared/components/NativeSelect';
import type { CohortFilters } from './cohortFilters';

interface Props {
  filters: CohortFilters;
  academicYears: readonly string[];
  onChange: (filters: CohortFilters) => void;
  onClear: () => void;
  onExport: () => void;
  /** Nothing to export when no row is shown. */
  canExport: boolean;
}

/** Search and the three selects filter the table as they change; Clear Filters and Export act on it. */
export function CohortFiltersBar({ filters, academicYears, onChange, onClear, onExport, canExport }: Props) {
  const set =
    <K extends keyof CohortFilters>(key: K) =>
    (event: { target: { value: string } }) =>
      onChange({ ...filters, [key]: event.target.value as CohortFilters[K] });

  return (
    <FilterBar label="Filter cohorts" columns={{ xs: '1fr', sm: 'repeat(2, 1fr)', lg: '2fr 1fr 1fr 1fr auto' }}>
      <SearchField id="cohort-search" placeholder="Cohort number, program name or academic year" value={filters.search} onChange={(search) => onChange({ ...filters, search })} />
      <NativeSelect id="cohort-program-type" label="Program Type" size="small" value={filters.programType} onChange={set('programType')}>
        <option value="">All</option>
        <option value="certificate">Certificate</option>
        <option value="diploma">Diploma</option>
        <option value="associates">Associates</option>
      </NativeSelect>
      <NativeSelect id="cohort-academic-year" label="Academic Year" size="small" value={filters.academicYear} onChange={set('academicYear')}>
        <option value="">All</option>
        {academicYears.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect id="cohort-status" label="Status" size="small" value={filters.status} onChange={set('status')}>
        <option value="">All</option>
        <option value="active">Active</option>
        <option value="inactive">Inactive</option>
      </NativeSelect>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <ClearFiltersButton onClick={onClear} />
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={onExport} disabled={!canExport}>
          Export
        </Button>
      </Box>
    </FilterBar>
  );
}
