import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DocumentRecordDto } from '../../../../lambdas/contract/documents';
import { needsAcknowledgement } from '../../../../lambdas/domain/document-access';
import { AudienceCell, StatusCell, TitleCell } from './DocumentCells';
import { fileTypeLabel, formatDate, formatFileSize } from './documentFormat';
import { NO_DOCUMENTS, UPLOAD_HINT } from './documentMessages';

export const DOCUMENT_COLUMNS = [
  'Title',
  'Scope',
  'Cohort/Assigned To',
  'Category',
  'Type',
  'Size',
  'Uploaded By',
  'Uploaded',
  'Status',
  'Actions',
] as const;

export interface DocumentActions {
  onOpen: (doc: DocumentRecordDto) => void;
  onPreview: (doc: DocumentRecordDto) => void;
  onDownload: (doc: DocumentRecordDto) => void;
  onDelete: (doc: DocumentRecordDto) => void;
  onAcknowledgements: (doc: DocumentRecordDto) => void;
}

interface Props extends DocumentActions {
  label: string;
  documents: readonly DocumentRecordDto[];
  loading: boolean;
  /** The list could not be loaded (the page says why): no empty state then. */
  failed: boolean;
  /** Staff see a hint to upload under the empty state. */
  showUploadHint: boolean;
  missingFiles: ReadonlySet<string>;
}

const acknowledgeable = (doc: DocumentRecordDto) =>
  needsAcknowledgement({ isMandatory: doc.is_mandatory, requiresSignature: doc.requires_signature });

/** One tab's documents with the spec's columns, its loading row and its empty state. */
export function DocumentsTable({ label, documents, loading, failed, showUploadHint, missingFiles, ...actions }: Props) {
  const empty = !loading && !failed && documents.length === 0;
  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {DOCUMENT_COLUMNS.map((column) => (
              <TableCell key={column}>{column}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody aria-busy={loading}>
          {loading && (
            <TableRow>
              <TableCell colSpan={DOCUMENT_COLUMNS.length} align="center">
                Loading documents...
              </TableCell>
            </TableRow>
          )}
          {empty && (
            <TableRow>
              <TableCell colSpan={DOCUMENT_COLUMNS.length} align="center">
                <Typography>{NO_DOCUMENTS}</Typography>
                {showUploadHint && <Typography variant="body2">{UPLOAD_HINT}</Typography>}
              </TableCell>
            </TableRow>
          )}
          {!loading &&
            documents.map((doc) => (
              <TableRow key={doc.id} hover>
                <TableCell>
                  <TitleCell doc={doc} fileMissing={missingFiles.has(doc.id)} onOpen={() => actions.onOpen(doc)} />
                </TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" label={doc.scope_display} />
                </TableCell>
                <TableCell>
                  <AudienceCell doc={doc} />
                </TableCell>
                <TableCell>{doc.category_name ?? 'N/A'}</TableCell>
                <TableCell>{fileTypeLabel(doc.file_type)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatFileSize(doc.file_size)}</TableCell>
                <TableCell>{doc.uploaded_by_name}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(doc.uploaded_at)}</TableCell>
                <TableCell>
                  <StatusCell doc={doc} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton size="small" aria-label={`Preview ${doc.title}`} onClick={() => actions.onPreview(doc)}>
                    <VisibilityIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={`Download ${doc.title}`} onClick={() => actions.onDownload(doc)}>
                    <DownloadIcon fontSize="small" />
                  </IconButton>
                  {acknowledgeable(doc) && (
                    <IconButton size="small" aria-label={`Acknowledgements of ${doc.title}`} onClick={() => actions.onAcknowledgements(doc)}>
                      <FactCheckIcon fontSize="small" />
                    </IconButton>
                  )}
                  <IconButton size="small" color="error" aria-label={`Delete ${doc.title}`} onClick={() => actions.onDelete(doc)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
