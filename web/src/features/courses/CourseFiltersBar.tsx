import ClearIcon from '@mui/icons-material/Clear';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { FilterBar } from '#shared/components/FilterBar';
import { NativeSelect } from '#shared/components/NativeSelect';
import { CERTIFICATE_OPTIONS, NO_FILTERS, type CourseFilters } from './courseFilters';

/** Name search (with a clear icon) and the Certificate Course select; Filter and Clear both reload the list. */
export function CourseFiltersBar({ onFilter }: { onFilter: (filters: CourseFilters) => void }) {
  const [draft, setDraft] = useState<CourseFilters>(NO_FILTERS);
  const filter = (event: FormEvent) => {
    event.preventDefault();
    onFilter(draft);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    onFilter(NO_FILTERS);
  };
  // The clear icon only empties the text box; the list follows on Filter.
  const clearIcon = draft.name ? (
    <InputAdornment position="end">
      <IconButton aria-label="Clear search" edge="end" size="small" onClick={() => setDraft((d) => ({ ...d, name: '' }))}>
        <ClearIcon fontSize="small" />
      </IconButton>
    </InputAdornment>
  ) : null;

  return (
    <FilterBar label="Filter courses" columns={{ xs: '1fr', sm: '2fr 1fr', md: '2fr 1fr auto' }} onSubmit={filter}>
      <TextField
        id="course-search"
        label="Search by course name"
        size="small"
        value={draft.name}
        onChange={(event) => setDraft((d) => ({ ...d, name: event.target.value }))}
        slotProps={{ input: { endAdornment: clearIcon } }}
      />
      <NativeSelect
        id="course-certificate-filter"
        label="Certificate Course"
        size="small"
        value={draft.isCertificate}
        onChange={(event) => setDraft((d) => ({ ...d, isCertificate: event.target.value as CourseFilters['isCertificate'] }))}
      >
        {CERTIFICATE_OPTIONS.map((option) => (
          <option key={option.label} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained">
          Filter
        </Button>
        <Button variant="outlined" onClick={clear}>
          Clear
        </Button>
      </Box>
    </FilterBar>
  );
}
