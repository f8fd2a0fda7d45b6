import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

interface Props {
  label: string;
  columns: readonly string[];
  /** Columns shown right-aligned (amounts). */
  numeric?: readonly string[];
  rows: ReadonlyArray<{ key: string; cells: readonly ReactNode[] }>;
  /** Shown in a single row instead of `rows` ("Loading...", "No ... found"). */
  message: string | null;
}

/** The record's tables: a header, then the rows or one row saying why there are none. */
export function RecordTable({ label, columns, numeric = [], rows, message }: Props) {
  const align = (column: string) => (numeric.includes(column) ? 'right' : 'left');
  // Amounts and dates stay on one line.
  const sx = (column: string) => (numeric.includes(column) || column.includes('Date') ? { whiteSpace: 'nowrap' } : undefined);
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column} align={align(column)}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {message ? (
            <TableRow>
              <TableCell colSpan={columns.length} align="center">
                {message}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={row.key}>
                {row.cells.map((cell, i) => (
                  <TableCell key={columns[i]} align={align(columns[i] ?? '')} sx={sx(columns[i] ?? '')}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
