import TextField from '@mui/material/TextField';
import { DateField, FiltersForm, SHRINK } from '#shared/components/FiltersForm';
import { NativeSelect } from '#shared/components/NativeSelect';
import { PAYMENT_STATUS_LABEL, PAYMENT_STATUS_OPTIONS } from '#shared/lib/paymentFormat';
import { filtersProblem, NO_FILTERS, type LedgerFilters } from './ledgerQuery';

/** The status filter's "any" choice: every status but the two listed only when asked for. */
const ALL_LISTED_STATUSES = 'All except Pending and Canceled';

/** Date range, status and student filters; the ledger reloads when they are applied. */
export function LedgerFiltersForm({ applied, onApply }: { applied: LedgerFilters; onApply: (filters: LedgerFilters) => void }) {
  return (
    <FiltersForm label="Filter payments" applied={applied} empty={NO_FILTERS} onApply={onApply} problemOf={filtersProblem}>
      {(draft, set, problem) => (
        <>
          <DateField id="ledger-from" label="From" value={draft.from} onChange={set('from')} />
          <DateField id="ledger-to" label="To" value={draft.to} onChange={set('to')} problem={problem} />
          <NativeSelect id="ledger-status" label="Status" size="small" value={draft.status} onChange={set('status')}>
            {/* Without a status the server lists neither opened-but-unpaid (pending) nor canceled checkouts. */}
            <option value="">{ALL_LISTED_STATUSES}</option>
            {PAYMENT_STATUS_OPTIONS.map((status) => (
              <option key={status} value={status}>
                {PAYMENT_STATUS_LABEL[status]}
              </option>
            ))}
          </NativeSelect>
          <TextField id="ledger-username" label="Student username" size="small" value={draft.username} onChange={set('username')} slotProps={SHRINK} />
        </>
      )}
    </FiltersForm>
  );
}
