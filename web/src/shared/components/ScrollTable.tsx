import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

interface Props {
  /** Names the table and its scroll box (`aria-label`), unless `labelledBy` points at a caption. */
  label?: string;
  labelledBy?: string;
  caption?: ReactNode;
  /** The header row's cells. */
  head: ReactNode;
  /** The body's rows. */
  children: ReactNode;
  stickyHeader?: boolean;
  containerSx?: SxProps<Theme>;
  tableSx?: SxProps<Theme>;
}

/**
 * A small table that keeps its columns and scrolls sideways in a focusable box (so a keyboard can scroll
 * it too) on a narrow screen, where DataTable would turn the rows into cards.
 */
export function ScrollTable({ label, labelledBy, caption, head, children, stickyHeader, containerSx, tableSx }: Props) {
  const names = { 'aria-label': label, 'aria-labelledby': labelledBy };
  return (
    <TableContainer component={Paper} sx={containerSx ?? { overflowX: 'auto' }} tabIndex={0} {...names}>
      <Table size="small" stickyHeader={stickyHeader} sx={tableSx} {...names}>
        {caption}
        <TableHead>
          <TableRow>{head}</TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
