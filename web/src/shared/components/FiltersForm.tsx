import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FilterBar } from './FilterBar';

/** Sets one field of the draft from an input's change event. */
export type SetField<F> = (field: keyof F) => (event: { target: { value: string } }) => void;

interface Props<F> {
  /** Names the search landmark ("Filter payments"). */
  label: string;
  applied: F;
  empty: F;
  onApply: (filters: F) => void;
  /** A problem worth stopping for (shown by the fields), or null. */
  problemOf: (draft: F) => string | null;
  children: (draft: F, set: SetField<F>, problem: string | null) => ReactNode;
}

/**
 * A filter bar edited as a draft: Apply Filters checks it and hands it over, Clear Filters goes back
 * to `empty`. The list behind it reloads only when filters are applied.
 */
export function FiltersForm<F>({ label, applied, empty, onApply, problemOf, children }: Props<F>) {
  const [draft, setDraft] = useState(applied);
  const [problem, setProblem] = useState<string | null>(null);
  const set: SetField<F> = (field) => (event) => setDraft((current) => ({ ...current, [field]: event.target.value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = problemOf(draft);
    setProblem(found);
    if (!found) onApply(draft);
  };
  const clear = () => {
    setDraft(empty);
    setProblem(null);
    onApply(empty);
  };

  return (
    <FilterBar label={label} columns={COLUMNS} align="start" onSubmit={apply}>
      {children(draft, set, problem)}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Button type="submit" variant="contained">
          Apply Filters
        </Button>
        <Button onClick={clear}>Clear Filters</Button>
      </Box>
    </FilterBar>
  );
}

/** Date inputs and selects show their label above the value from the start. */
export const SHRINK = { inputLabel: { shrink: true } } as const;

/** A small date input (YYYY-MM-DD) with its label above and, when given, its problem under it. */
export function DateField({
  id,
  label,
  value,
  onChange,
  problem,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  problem?: string | null;
}) {
  return (
    <TextField id={id} label={label} type="date" size="small" value={value} onChange={onChange} slotProps={SHRINK} error={Boolean(problem)} helperText={problem ?? undefined} />
  );
}

const COLUMNS = { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr) auto' };
