import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode, Ref } from 'react';
import type { DataLayoutProps } from './dataTableProps';
import { OpenRowButton, useScrollIntoView } from './dataTableParts';
import type { DataColumn } from './dataTableColumns';

/** Label/value pairs: the column's header as the label, so each value keeps its meaning without the table. */
function Fields<Row>({ columns, row }: { columns: ReadonlyArray<DataColumn<Row>>; row: Row }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(6rem, max-content) minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.5, m: 0 }}>
      {columns.map((column) => (
        <Box key={column.header} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {column.header}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {column.render(row)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** "Loading...", "No courses found": one item in place of the cards, as the table has one row. */
function Message({ children }: { children: ReactNode }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, textAlign: 'center' }}>
      {children}
    </Paper>
  );
}

/**
 * DataTable below 600 px: a list of cards, each headed by its title field, then its key fields,
 * its secondary ones under "More details", and its actions at the foot, all within the screen.
 */
export function DataCards<Row>({ label, columns, rows, rowKey, actions, message, busy, highlightedKey, onRowOpen, openLabel }: DataLayoutProps<Row>) {
  const highlighted = useScrollIntoView(highlightedKey);
  const title = columns.find((column) => column.priority === 'title');
  const keyFields = columns.filter((column) => (column.priority ?? 'key') === 'key');
  const secondary = columns.filter((column) => column.priority === 'secondary');
  return (
    <Box component="ul" aria-label={label} aria-busy={busy} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, minWidth: 0 }}>
      {message ? (
        <Message>{message}</Message>
      ) : (
        rows.map((row) => {
          const key = rowKey(row);
          const isHighlighted = key === highlightedKey;
          return (
            <Paper
              component="li"
              variant="outlined"
              key={key}
              data-highlighted={isHighlighted || undefined}
              ref={isHighlighted ? (highlighted as Ref<HTMLLIElement>) : undefined}
              sx={{ p: 1.5, minWidth: 0, ...(isHighlighted && { borderColor: 'primary.main', bgcolor: 'action.selected' }) }}
            >
              {title && (
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5, overflowWrap: 'anywhere' }}>
                  {title.render(row)}
                </Typography>
              )}
              <Fields columns={keyFields} row={row} />
              {secondary.length > 0 && (
                <Box component="details" sx={{ mt: 0.5, '& > summary': { cursor: 'pointer', color: 'primary.main', typography: 'body2', py: 0.5 } }}>
                  <summary>More details</summary>
                  <Fields columns={secondary} row={row} />
                </Box>
              )}
              {(actions || onRowOpen) && (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mt: 1, pt: 0.5, borderTop: 1, borderColor: 'divider' }}>
                  {onRowOpen && <OpenRowButton row={row} onRowOpen={onRowOpen} openLabel={openLabel} />}
                  {actions?.render(row)}
                </Box>
              )}
            </Paper>
          );
        })
      )}
    </Box>
  );
}
