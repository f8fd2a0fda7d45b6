import TextField from '@mui/material/TextField';
import { AUDIT_ACTIONS } from '#contract/audit-actions';
import { DateField, FiltersForm, SHRINK } from '#shared/components/FiltersForm';
import { NativeSelect } from '#shared/components/NativeSelect';
import { filtersProblem, NO_FILTERS, type AuditFilters } from './auditQuery';

/** User, action and date range filters; the log reloads when they are applied. */
export function AuditFiltersForm({ applied, onApply }: { applied: AuditFilters; onApply: (filters: AuditFilters) => void }) {
  return (
    <FiltersForm label="Filter audit log" applied={applied} empty={NO_FILTERS} onApply={onApply} problemOf={filtersProblem}>
      {(draft, set, problem) => (
        <>
          <TextField id="audit-actor" label="User" size="small" value={draft.actor} onChange={set('actor')} slotProps={SHRINK} />
          <NativeSelect id="audit-action" label="Action" size="small" value={draft.action} onChange={set('action')}>
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </NativeSelect>
          <DateField id="audit-from" label="From" value={draft.from} onChange={set('from')} />
          <DateField id="audit-to" label="To" value={draft.to} onChange={set('to')} problem={problem} />
        </>
      )}
    </FiltersForm>
  );
}
