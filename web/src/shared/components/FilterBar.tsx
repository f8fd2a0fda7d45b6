import ClearIcon from '@mui/icons-material/Clear';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { ResponsiveStyleValue } from '@mui/system';
import type { FormEvent, ReactNode } from 'react';
import { gridSx } from './gridSx';

// Filters that apply as they change leave Enter in the search box nothing to submit.
const applyAsTyped = (event: FormEvent) => event.preventDefault();

/**
 * The frame of every filter bar: a search landmark named by `label`, its fields and buttons laid out
 * in `columns`. Without `onSubmit` the filters apply as they change.
 */
export function FilterBar({
  label,
  columns,
  align = 'center',
  onSubmit = applyAsTyped,
  children,
}: {
  label: string;
  columns: ResponsiveStyleValue<string>;
  align?: 'start' | 'center';
  onSubmit?: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Box component="form" role="search" aria-label={label} onSubmit={onSubmit} sx={gridSx(columns, 2, align)}>
      {children}
    </Box>
  );
}

/** The free-text "Search" box of a filter bar. */
export function SearchField({ id, placeholder, value, onChange }: { id: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  return <TextField id={id} label="Search" placeholder={placeholder} size="small" type="search" value={value} onChange={(event) => onChange(event.target.value)} />;
}

/** Clear Filters of a bar whose filters apply as they change. */
export function ClearFiltersButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outlined" startIcon={<ClearIcon />} onClick={onClick}>
      Clear Filters
    </Button>
  );
}
