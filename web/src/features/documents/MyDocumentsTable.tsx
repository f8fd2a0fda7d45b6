import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { StudentDocumentDto } from '../../../../lambdas/contract/documents';
import { needsAcknowledgement } from '../../../../lambdas/domain/document-access';
import { TitleCell } from './DocumentCells';
import { fileTypeLabel, formatDate, formatFileSize } from './documentFormat';
import { acknowledgedOn } from './documentMessages';

const COLUMNS = ['Title', 'Category', 'Type', 'Size', 'Uploaded', 'Status', 'Acknowledgement', 'Actions'];

interface Props {
  documents: readonly StudentDocumentDto[];
  loading: boolean;
  missingFiles: ReadonlySet<string>;
  onOpen: (doc: StudentDocumentDto) => void;
  onPreview: (doc: StudentDocumentDto) => void;
  onDownload: (doc: StudentDocumentDto) => void;
  onAcknowledge: (doc: StudentDocumentDto) => void;
}

/** Acknowledge (mandatory or signature documents not yet acknowledged), or when it was done. */
function AcknowledgementCell({ doc, onAcknowledge }: { doc: StudentDocumentDto; onAcknowledge: () => void }) {
  if (doc.acknowledged_at) return <>{acknowledgedOn(formatDate(doc.acknowledged_at))}</>;
  if (!needsAcknowledgement({ isMandatory: doc.is_mandatory, requiresSignature: doc.requires_signature })) return <>—</>;
  return (
    <Button size="small" variant="contained" onClick={onAcknowledge} aria-label={`Acknowledge ${doc.title}`}>
      Acknowledge
    </Button>
  );
}

/** A student's documents: what applies to them, with preview, download and acknowledgement. */
export function MyDocumentsTable({ documents, loading, missingFiles, ...actions }: Props) {
  const message = loading ? 'Loading documents...' : documents.length === 0 ? 'No documents found.' : null;
  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label="My documents">
      <Table size="small" aria-label="My documents">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column}>{column}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody aria-busy={loading}>
          {message && (
            <TableRow>
              <TableCell colSpan={COLUMNS.length} align="center">
                {message}
              </TableCell>
            </TableRow>
          )}
          {!message &&
            documents.map((doc) => (
              <TableRow key={doc.id} hover>
                <TableCell>
                  <TitleCell doc={doc} fileMissing={missingFiles.has(doc.id)} onOpen={() => actions.onOpen(doc)} />
                </TableCell>
                <TableCell>{doc.category_name ?? 'N/A'}</TableCell>
                <TableCell>{fileTypeLabel(doc.file_type)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatFileSize(doc.file_size)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(doc.uploaded_at)}</TableCell>
                <TableCell>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                    {doc.is_mandatory && <Chip size="small" color="warning" label="Mandatory" />}
                    {doc.requires_signature && <Chip size="small" color="info" label="Signature required" />}
                  </Stack>
                </TableCell>
                <TableCell>
                  <AcknowledgementCell doc={doc} onAcknowledge={() => actions.onAcknowledge(doc)} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton size="small" aria-label={`Preview ${doc.title}`} onClick={() => actions.onPreview(doc)}>
                    <VisibilityIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={`Download ${doc.title}`} onClick={() => actions.onDownload(doc)}>
                    <DownloadIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
