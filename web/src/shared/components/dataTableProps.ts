/** What a DataTable takes, and what its two layouts (the wide table and the phone's cards) get from it. */
import type { ReactNode } from 'react';
import type { DataColumn, RowActions } from './dataTableColumns';

export interface DataTableProps<Row> {
  /** The table's (and on phones the list's) accessible name. */
  label: string;
  columns: ReadonlyArray<DataColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  actions?: RowActions<Row>;
  /** While the rows load the body is busy and shows `loadingMessage` instead of them. */
  loading?: boolean;
  loadingMessage?: ReactNode;
  /** Shown instead of the rows when there are none ("No courses found"). */
  empty?: ReactNode;
  /** The row to point out (a document just uploaded): highlighted and scrolled into view. */
  highlightedKey?: string | null;
  /** Makes rows openable: a click on the row, or the row's open button (named by openLabel) by keyboard. */
  onRowOpen?: (row: Row) => void;
  openLabel?: (row: Row) => string;
  /** Tables inside a record or dialog go without their own outline. */
  outlined?: boolean;
  /** Wide tables: a scrolling body with a sticky header (long reports in dialogs). */
  maxHeight?: number;
}

/** What the two layouts get: the rows, or the one message shown instead of them. */
export type DataLayoutProps<Row> = Omit<DataTableProps<Row>, 'loading' | 'loadingMessage' | 'empty'> & { busy: boolean; message: ReactNode };
