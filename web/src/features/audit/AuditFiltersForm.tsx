import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS } from '../../../../lambdas/contract/audit-actions';
import { filtersProblem, NO_FILTERS, type AuditFilters } from './auditQuery';

/** User, action and date range filters; the log reloads when they are applied. */
export function AuditFiltersForm({ applied, onApply }: { applied: AuditFilters; onApply: (filters: AuditFilters) => void }) {
  const [draft, setDraft] = useState(applied);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (field: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = filtersProblem(draft);
    setProblem(found);
    if (!found) onApply(draft);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    setProblem(null);
    onApply(NO_FILTERS);
  };
  const shrink = { inputLabel: { shrink: true } };

  return (
    <Box component="form" role="search" aria-label="Filter audit log" onSubmit={apply} sx={grid}>
      <TextField id="audit-actor" label="User" size="small" value={draft.actor} onChange={set('actor')} slotProps={shrink} />
      <TextField
        id="audit-action"
        label="Action"
        select
        size="small"
        value={draft.action}
        onChange={set('action')}
        slotProps={{ ...shrink, select: { native: true } }}
      >
        <option value="">All actions</option>
        {AUDIT_ACTIONS.map((action) => (
          <option key={action} value={action}>
            {action}
          </option>
        ))}
      </TextField>
      <TextField id="audit-from" label="From" type="date" size="small" value={draft.from} onChange={set('from')} slotProps={shrink} />
      <TextField
        id="audit-to"
        label="To"
        type="date"
        size="small"
        value={draft.to}
        onChange={set('to')}
        slotProps={shrink}
        error={problem !== null}
        helperText={problem ?? undefined}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Button type="submit" variant="contained">
          Apply Filters
        </Button>
        <Button onClick={clear}>Clear Filters</Button>
      </Box>
    </Box>
  );
}

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr) auto' },
  alignItems: 'start',
} as const;
