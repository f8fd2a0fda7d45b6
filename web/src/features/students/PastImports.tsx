import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportSummary } from '../../../../lambdas/contract/student-import';
import { formatDateTime } from '../../lib/dates';
import { STATUS_LABELS } from './studentImport';
import { IMPORTS_FAILED } from './studentMessages';
import { useListImportsQuery } from './studentsAdminApi';

/** The last imports, newest first: any of them can be reopened to follow it or read its report again. */
export function PastImports({ openId, onOpen }: { openId: string | null; onOpen: (item: ImportSummary) => void }) {
  const list = useListImportsQuery();
  const imports = list.data?.results ?? [];
  return (
    <>
      <Typography component="h3" variant="subtitle1" id="past-imports-title" sx={{ mt: 2, mb: 1 }}>
        Past imports
      </Typography>
      {list.isLoading && <Typography role="status">Loading imports...</Typography>}
      {list.isError && <Typography color="error">{IMPORTS_FAILED}</Typography>}
      {list.isSuccess && imports.length === 0 && <Typography>No imports yet</Typography>}
      {imports.length > 0 && (
        <TableContainer sx={{ maxHeight: 240 }} tabIndex={0} role="region" aria-labelledby="past-imports-title">
          <Table size="small" stickyHeader aria-label="Past imports">
            <TableHead>
              <TableRow>
                <TableCell>File</TableCell>
                <TableCell>Started</TableCell>
                <TableCell>By</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Rows</TableCell>
                <TableCell>Created</TableCell>
                <TableCell>Already existed</TableCell>
                <TableCell>Failed</TableCell>
                <TableCell>Report</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {imports.map((item) => (
                <TableRow key={item.id} selected={item.id === openId}>
                  <TableCell>{item.file_name}</TableCell>
                  <TableCell>{formatDateTime(item.created_at)}</TableCell>
                  <TableCell>{item.created_by}</TableCell>
                  <TableCell>{STATUS_LABELS[item.status]}</TableCell>
                  <TableCell>{item.total}</TableCell>
                  <TableCell>{item.created}</TableCell>
                  <TableCell>{item.skipped}</TableCell>
                  <TableCell>{item.failed}</TableCell>
                  <TableCell>
                    <Button size="small" onClick={() => onOpen(item)} aria-label={`Open import ${item.file_name} of ${formatDateTime(item.created_at)}`}>
                      Open
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
