import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { PaymentStatus } from '../../contract';
import { PAYMENT_STATUS_LABEL } from '../../lib/paymentFormat';
import { filtersProblem, NO_FILTERS, type LedgerFilters } from './ledgerQuery';

const STATUSES = Object.keys(PAYMENT_STATUS_LABEL) as PaymentStatus[];

/** Date range, status and student filters; the ledger reloads when they are applied. */
export function LedgerFiltersForm({ applied, onApply }: { applied: LedgerFilters; onApply: (filters: LedgerFilters) => void }) {
  const [draft, setDraft] = useState(applied);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (field: keyof LedgerFilters) => (event: { target: { value: string } }) =>
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
    <Box component="form" role="search" aria-label="Filter payments" onSubmit={apply} sx={grid}>
      <TextField id="ledger-from" label="From" type="date" size="small" value={draft.from} onChange={set('from')} slotProps={shrink} />
      <TextField
        id="ledger-to"
        label="To"
        type="date"
        size="small"
        value={draft.to}
        onChange={set('to')}
        slotProps={shrink}
        error={problem !== null}
        helperText={problem ?? undefined}
      />
      <TextField
        id="ledger-status"
        label="Status"
        select
        size="small"
        value={draft.status}
        onChange={set('status')}
        slotProps={{ ...shrink, select: { native: true } }}
      >
        <option value="">All statuses</option>
        {STATUSES.map((status) => (
          <option key={status} value={status}>
            {PAYMENT_STATUS_LABEL[status]}
          </option>
        ))}
      </TextField>
      <TextField id="ledger-username" label="Student username" size="small" value={draft.username} onChange={set('username')} slotProps={shrink} />
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
