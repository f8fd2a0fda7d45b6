import Chip, { type ChipProps } from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ImportRowResult } from '../../../../lambdas/contract/student-admin';

const STATUS: Record<ImportRowResult['status'], { label: string; color: ChipProps['color'] }> = {
  created: { label: 'Created', color: 'success' },
  invalid: { label: 'Invalid', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
};

/** The import's per-row report: what happened to each line of the file, and why. */
export function ImportReportTable({ rows }: { rows: readonly ImportRowResult[] }) {
  return (
    <TableContainer sx={{ maxHeight: 360 }} tabIndex={0} role="region" aria-label="Import report">
      <Table size="small" stickyHeader aria-label="Import report">
        <TableHead>
          <TableRow>
            <TableCell>Line</TableCell>
            <TableCell>Username</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Errors</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.line}>
              <TableCell>{row.line}</TableCell>
              <TableCell>{row.username || '—'}</TableCell>
              <TableCell>
                <Chip size="small" label={STATUS[row.status].label} color={STATUS[row.status].color} />
              </TableCell>
              <TableCell>{row.errors.join('; ')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
