import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DocumentRecordDto } from '../../../../lambdas/contract/documents';
import { downloadCsv } from '../../lib/csv';
import { formatDateTime } from '../../lib/dates';
import { acknowledgementsCsv, acknowledgementsCsvFileName } from './acknowledgementsCsv';
import { serverErrorOf } from '../../lib/serverError';
import { useGetAcknowledgementsQuery } from './documentsApi';

/** Staff: who has acknowledged a document (when, with what signature) and who has not yet, with a CSV export. */
export function AcknowledgementsDialog({ doc, onClose }: { doc: DocumentRecordDto; onClose: () => void }) {
  const { data, error, isFetching } = useGetAcknowledgementsQuery(doc.id, { refetchOnMountOrArgChange: true });
  const exportCsv = () => data && downloadCsv(acknowledgementsCsv(data), acknowledgementsCsvFileName(doc.title));

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="acknowledgements-title">
      <DialogTitle id="acknowledgements-title">Acknowledgements: {doc.title}</DialogTitle>
      {/* Focusable: the content may scroll, and keyboard users must reach it even when nothing in it takes focus. */}
      <DialogContent dividers tabIndex={0}>
        {isFetching && !data && <Typography role="status">Loading acknowledgements...</Typography>}
        {error && <Alert severity="error">{serverErrorOf(error) ?? 'Error loading acknowledgements'}</Alert>}
        {data && (
          <>
            <Typography variant="subtitle1" component="h3">
              Acknowledged ({data.acknowledged.length})
            </Typography>
            <Table size="small" aria-label="Acknowledged" sx={{ mb: 3 }}>
              <TableHead>
                <TableRow>
                  {['Name', 'Username', 'Acknowledged', 'Signature'].map((column) => (
                    <TableCell key={column}>{column}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.acknowledged.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4}>No acknowledgements yet</TableCell>
                  </TableRow>
                )}
                {data.acknowledged.map((a) => (
                  <TableRow key={a.username}>
                    <TableCell>{a.full_name}</TableCell>
                    <TableCell>{a.username}</TableCell>
                    <TableCell>{formatDateTime(a.acknowledged_at)}</TableCell>
                    <TableCell>{a.signature ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Typography variant="subtitle1" component="h3">
              Not yet acknowledged ({data.pending.length})
            </Typography>
            <Table size="small" aria-label="Not yet acknowledged">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Username</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.pending.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={2}>Everyone has acknowledged this document</TableCell>
                  </TableRow>
                )}
                {data.pending.map((p) => (
                  <TableRow key={p.username}>
                    <TableCell>{p.full_name}</TableCell>
                    <TableCell>{p.username}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<FileDownloadIcon />} disabled={!data} onClick={exportCsv}>
          Export CSV
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
