import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AuditEntrySummary } from '../../../../lambdas/contract/audit';
import { formatDateTime } from '../../lib/dates';
import { subjectOf } from './auditQuery';

const COLUMNS = ['Time', 'User', 'Action', 'Subject'];

/** Audit entries, newest first; the exact time is in each row's title. */
export function AuditTable({ entries }: { entries: readonly AuditEntrySummary[] }) {
  return (
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Audit log">
      <Table size="small" aria-label="Audit log">
        <TableHead>
          <TableRow>
            {COLUMNS.map((title) => (
              <TableCell key={title}>{title}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell title={entry.at} sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(entry.at)}
              </TableCell>
              <TableCell>{entry.actor}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{entry.action}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{subjectOf(entry)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
