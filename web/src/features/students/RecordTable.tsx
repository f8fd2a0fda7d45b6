import type { ReactNode } from 'react';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';

interface Row {
  key: string;
  cells: readonly ReactNode[];
}

interface Props {
  label: string;
  columns: readonly string[];
  /** Columns shown right-aligned (amounts). */
  numeric?: readonly string[];
  /** Columns folded under "More details" on a phone's card. */
  secondary?: readonly string[];
  rows: readonly Row[];
  loading?: boolean;
  /** Shown in a single row when there are no rows ("No ... found"). */
  empty: string;
}

/** The record's tables: a header, then the rows or one row saying why there are none (cards on a phone). */
export function RecordTable({ label, columns, numeric = [], secondary = [], rows, loading, empty }: Props) {
  const dataColumns = columns.map((header, i): DataColumn<Row> => ({
    header,
    render: (row) => row.cells[i],
    align: numeric.includes(header) ? 'right' : 'left',
    // Amounts and dates stay on one line.
    nowrap: numeric.includes(header) || header.includes('Date'),
    priority: secondary.includes(header) ? 'secondary' : 'key',
  }));
  return <DataTable label={label} outlined={false} columns={dataColumns} rows={rows} rowKey={(row) => row.key} loading={loading} empty={empty} />;
}
