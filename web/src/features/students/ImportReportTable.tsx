import Chip, { type ChipProps } from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ImportRowOutcome, ImportRowReport } from '../../../../lambdas/contract/student-import';
import { OUTCOME_LABELS } from './studentImport';

const COLOR: Record<ImportRowOutcome, ChipProps['color']> = { created: 'success', exists: 'default', failed: 'error' };

/** The import's per-row report: what happened to each line of the file, and why. */
export function ImportReportTable({ rows }: { rows: readonly ImportRowReport[] }) {
  return (
    <TableContainer sx={{ maxHeight: 360 }} tabIndex={0} role="region" aria-label="Import report">
      <Table size="small" stickyHeader aria-label="Import report">
        <TableHead>
          <TableRow>
            <TableCell>Line</TableCell>
            <TableCell>Username</TableCell>
            <TableCell>Outcome</TableCell>
            <TableCell>Reason</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.line}>
              <TableCell>{row.line}</TableCell>
              <TableCell>{row.username || '—'}</TableCell>
              <TableCell>
                <Chip size="small" label={OUTCOME_LABELS[row.outcome]} color={COLOR[row.outcome]} />
              </TableCell>
              <TableCell>{row.reason}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
