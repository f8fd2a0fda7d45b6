import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import { Fragment, type MouseEvent, type Ref } from 'react';
import { DataCards } from './DataCards';
import { OpenRowButton, useScrollIntoView } from './dataTableParts';
import type { DataColumn } from './dataTableColumns';
import type { DataLayoutProps, DataTableProps } from './dataTableProps';
import { useNarrowScreen } from './useScreenWidth';

export type { DataTableProps } from './dataTableProps';

/**
 * The portal's tables: at 600 px and up a real <table> whose cells wrap so it fits its container with
 * the actions in view; below, a list of cards with the key fields labelled and the actions at each
 * card's foot (DataCards).
 */
export function DataTable<Row>({ loading = false, loadingMessage = 'Loading...', empty, ...props }: DataTableProps<Row>) {
  const narrow = useNarrowScreen();
  const message = loading ? loadingMessage : props.rows.length === 0 ? empty : null;
  const layoutProps = { ...props, busy: loading, message };
  return narrow ? <DataCards {...layoutProps} /> : <WideTable {...layoutProps} />;
}

const cellSx = <Row,>(column: DataColumn<Row>): SxProps<Theme> => (column.nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: column.breakAnywhere ? 'anywhere' : 'break-word' });

/** A header may break after a slash ("Cohort/Assigned To"), where the browser would not; its text stays the spec's. */
function HeaderText({ text }: { text: string }) {
  const parts = text.split('/');
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && (
        <>
          /<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));
}

// Clicks on the row's own controls (links, buttons, fields) do what those say, not open the row.
const fromControl = (event: MouseEvent) => (event.target as Element).closest('a, button, input, select, textarea, [role="button"]') !== null;

function WideTable<Row>({ label, columns, rows, rowKey, actions, message, busy, highlightedKey, onRowOpen, openLabel, outlined = true, maxHeight }: DataLayoutProps<Row>) {
  const highlighted = useScrollIntoView(highlightedKey);
  const withActions = actions !== undefined || onRowOpen !== undefined;
  const span = columns.length + (withActions ? 1 : 0);
  return (
    <TableContainer component={outlined ? Paper : 'div'} variant={outlined ? 'outlined' : undefined} sx={{ maxHeight }} tabIndex={0} role="region" aria-label={label}>
      <Table size="small" stickyHeader={maxHeight !== undefined} aria-label={label} sx={{ '& th, & td': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.align} sx={{ width: column.width }}>
                <HeaderText text={column.header} />
              </TableCell>
            ))}
            {withActions && <TableCell sx={{ whiteSpace: 'nowrap' }}>{actions?.header ?? 'Actions'}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody aria-busy={busy}>
          {message ? (
            <TableRow>
              <TableCell colSpan={span} align="center">
                {message}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => {
              const key = rowKey(row);
              const isHighlighted = key === highlightedKey;
              return (
                <TableRow
                  key={key}
                  hover
                  selected={isHighlighted}
                  data-highlighted={isHighlighted || undefined}
                  ref={isHighlighted ? (highlighted as Ref<HTMLTableRowElement>) : undefined}
                  onClick={onRowOpen ? (event) => !fromControl(event) && onRowOpen(row) : undefined}
                  sx={onRowOpen ? { cursor: 'pointer' } : undefined}
                >
                  {columns.map((column) => (
                    <TableCell key={column.header} align={column.align} sx={cellSx(column)}>
                      {column.render(row)}
                    </TableCell>
                  ))}
                  {withActions && (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {onRowOpen && <OpenRowButton row={row} onRowOpen={onRowOpen} openLabel={openLabel} />}
                      {actions?.render(row)}
                    </TableCell>
                  )}
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
