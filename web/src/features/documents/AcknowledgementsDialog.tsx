import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { DocumentRecordDto } from '#contract/documents';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { downloadCsv } from '#shared/lib/csv';
import { formatDateTime } from '#shared/lib/dates';
import { acknowledgementsCsv, acknowledgementsCsvFileName } from './acknowledgementsCsv';
import { serverErrorOf } from '#shared/lib/serverError';
import { useGetAcknowledgementsQuery } from './documentsApi';

type Acknowledgements = NonNullable<ReturnType<typeof useGetAcknowledgementsQuery>['data']>;

const ACKNOWLEDGED_COLUMNS: ReadonlyArray<DataColumn<Acknowledgements['acknowledged'][number]>> = [
  { header: 'Name', render: (a) => a.full_name },
  { header: 'Username', render: (a) => a.username },
  { header: 'Acknowledged', render: (a) => formatDateTime(a.acknowledged_at) },
  { header: 'Signature', render: (a) => a.signature ?? '—' },
];

const PENDING_COLUMNS: ReadonlyArray<DataColumn<Acknowledgements['pending'][number]>> = [
  { header: 'Name', render: (p) => p.full_name },
  { header: 'Username', render: (p) => p.username },
];

const byUsername = (row: { username: string }) => row.username;

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
            <DataTable label="Acknowledged" outlined={false} columns={ACKNOWLEDGED_COLUMNS} rows={data.acknowledged} rowKey={byUsername} empty="No acknowledgements yet" />
            <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
              Not yet acknowledged ({data.pending.length})
            </Typography>
            <DataTable
              label="Not yet acknowledged"
              outlined={false}
              columns={PENDING_COLUMNS}
              rows={data.pending}
              rowKey={byUsername}
              empty="Everyone has acknowledged this document"
            />
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
