import TextField from '@mui/material/TextField';
import { FiltersForm, SHRINK } from '../../components/FiltersForm';
import type { PaymentStatus } from '../../contract';
import { PAYMENT_STATUS_LABEL } from '../../lib/paymentFormat';
import { filtersProblem, NO_FILTERS, type LedgerFilters } from './ledgerQuery';

const STATUSES = Object.keys(PAYMENT_STATUS_LABEL) as PaymentStatus[];

/** Date range, status and student filters; the ledger reloads when they are applied. */
export function LedgerFiltersForm({ applied, onApply }: { applied: LedgerFilters; onApply: (filters: LedgerFilters) => void }) {
  return (
    <FiltersForm label="Filter payments" applied={applied} empty={NO_FILTERS} onApply={onApply} problemOf={filtersProblem}>
      {(draft, set, problem) => (
        <>
          <TextField id="ledger-from" label="From" type="date" size="small" value={draft.from} onChange={set('from')} slotProps={SHRINK} />
          <TextField
            id="ledger-to"
            label="To"
            type="date"
            size="small"
            value={draft.to}
            onChange={set('to')}
            slotProps={SHRINK}
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
            slotProps={{ ...SHRINK, select: { native: true } }}
          >
            <option value="">All statuses</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {PAYMENT_STATUS_LABEL[status]}
              </option>
            ))}
          </TextField>
          <TextField id="ledger-username" label="Student username" size="small" value={draft.username} onChange={set('username')} slotProps={SHRINK} />
        </>
      )}
    </FiltersForm>
  );
}
