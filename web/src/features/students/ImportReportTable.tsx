import Chip, { type ChipProps } from '@mui/material/Chip';
import type { ImportRowOutcome, ImportRowReport } from '#contract/student-import';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { OUTCOME_LABELS } from './studentImport';

const COLOR: Record<ImportRowOutcome, ChipProps['color']> = { created: 'success', exists: 'default', failed: 'error' };

const COLUMNS: ReadonlyArray<DataColumn<ImportRowReport>> = [
  { header: 'Line', render: (row) => row.line },
  { header: 'Username', render: (row) => row.username || '—' },
  { header: 'Outcome', render: (row) => <Chip size="small" label={OUTCOME_LABELS[row.outcome]} color={COLOR[row.outcome]} /> },
  { header: 'Reason', render: (row) => row.reason },
];

/** The import's per-row report: what happened to each line of the file, and why. */
export function ImportReportTable({ rows }: { rows: readonly ImportRowReport[] }) {
  return <DataTable label="Import report" outlined={false} maxHeight={360} columns={COLUMNS} rows={rows} rowKey={(row) => String(row.line)} />;
}
