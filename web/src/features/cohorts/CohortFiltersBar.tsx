import ClearIcon from '@mui/icons-material/Clear';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
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
  const set = <K extends keyof CohortFilters>(key: K) => (event: { target: { value: string } }) =>
    onChange({ ...filters, [key]: event.target.value as CohortFilters[K] });

  return (
    // Filters apply as they change, so Enter in the search box has nothing to submit.
    <Box component="form" role="search" aria-label="Filter cohorts" onSubmit={(event) => event.preventDefault()} sx={grid}>
      <TextField
        id="cohort-search"
        label="Search"
        placeholder="Cohort number, program name or academic year"
        size="small"
        type="search"
        value={filters.search}
        onChange={set('search')}
      />
      <Select id="cohort-program-type" label="Program Type" value={filters.programType} onChange={set('programType')}>
        <option value="">All</option>
        <option value="certificate">Certificate</option>
        <option value="diploma">Diploma</option>
        <option value="associates">Associates</option>
      </Select>
      <Select id="cohort-academic-year" label="Academic Year" value={filters.academicYear} onChange={set('academicYear')}>
        <option value="">All</option>
        {academicYears.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </Select>
      <Select id="cohort-status" label="Status" value={filters.status} onChange={set('status')}>
        <option value="">All</option>
        <option value="active">Active</option>
        <option value="inactive">Inactive</option>
      </Select>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="outlined" startIcon={<ClearIcon />} onClick={onClear}>
          Clear Filters
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={onExport} disabled={!canExport}>
          Export
        </Button>
      </Box>
    </Box>
  );
}

function Select(props: { id: string; label: string; value: string; onChange: (event: { target: { value: string } }) => void; children: ReactNode }) {
  return <TextField select size="small" slotProps={{ select: { native: true }, inputLabel: { shrink: true } }} {...props} />;
}

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: '2fr 1fr 1fr 1fr auto' },
  alignItems: 'center',
} as const;
