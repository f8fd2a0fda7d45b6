import DeleteIcon from '@mui/icons-material/Delete';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { DocumentRecordDto } from '#contract/documents';
import { needsAcknowledgement } from '../../../../lambdas/domain/document-access';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { AudienceCell, FileButtons, StatusCell, TitleCell } from './DocumentCells';
import { fileTypeLabel, formatDate, formatFileSize } from './documentFormat';
import { NO_DOCUMENTS, UPLOAD_HINT } from './documentMessages';

export const DOCUMENT_COLUMNS = ['Title', 'Scope', 'Cohort/Assigned To', 'Category', 'Type', 'Size', 'Uploaded By', 'Uploaded', 'Status', 'Actions'] as const;

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
  /** A document to point out (one just uploaded). */
  highlightedId?: string | null;
}

const acknowledgeable = (doc: DocumentRecordDto) => needsAcknowledgement({ isMandatory: doc.is_mandatory, requiresSignature: doc.requires_signature });

type Column = DataColumn<DocumentRecordDto>;

// A long scope ("Individual Students") wraps inside its chip, so the ten columns fit the admin panel.
const wrappingChip = { height: 'auto', py: 0.25, '& .MuiChip-label': { whiteSpace: 'normal' } } as const;

/** The spec's columns; on a phone's card the type, size, category and uploader fold under "More details". */
function documentColumns(missingFiles: ReadonlySet<string>, onOpen: (doc: DocumentRecordDto) => void): Column[] {
  const cells: Record<Exclude<(typeof DOCUMENT_COLUMNS)[number], 'Actions'>, Omit<Column, 'header'>> = {
    Title: { priority: 'title', render: (doc) => <TitleCell doc={doc} fileMissing={missingFiles.has(doc.id)} onOpen={() => onOpen(doc)} /> },
    Scope: { render: (doc) => <Chip size="small" variant="outlined" label={doc.scope_display} sx={wrappingChip} /> },
    'Cohort/Assigned To': { render: (doc) => <AudienceCell doc={doc} /> },
    Category: { priority: 'secondary', render: (doc) => doc.category_name ?? 'N/A' },
    Type: { priority: 'secondary', render: (doc) => fileTypeLabel(doc.file_type) },
    Size: { priority: 'secondary', nowrap: true, render: (doc) => formatFileSize(doc.file_size) },
    'Uploaded By': { priority: 'secondary', render: (doc) => doc.uploaded_by_name },
    Uploaded: { nowrap: true, render: (doc) => formatDate(doc.uploaded_at) },
    Status: { render: (doc) => <StatusCell doc={doc} /> },
  };
  return Object.entries(cells).map(([header, cell]) => ({ header, ...cell }));
}

/** One tab's documents with the spec's columns, its loading row and its empty state. */
export function DocumentsTable({ label, documents, loading, failed, showUploadHint, missingFiles, highlightedId, ...actions }: Props) {
  const empty = failed ? null : (
    <>
      <Typography>{NO_DOCUMENTS}</Typography>
      {showUploadHint && <Typography variant="body2">{UPLOAD_HINT}</Typography>}
    </>
  );
  return (
    <DataTable
      label={label}
      columns={documentColumns(missingFiles, actions.onOpen)}
      rows={documents}
      rowKey={(doc) => doc.id}
      loading={loading}
      loadingMessage="Loading documents..."
      empty={empty}
      highlightedKey={highlightedId}
      actions={{ render: (doc) => <DocumentRowActions doc={doc} {...actions} /> }}
    />
  );
}

function DocumentRowActions({ doc, ...actions }: DocumentActions & { doc: DocumentRecordDto }) {
  return (
    <>
      <FileButtons doc={doc} onPreview={actions.onPreview} onDownload={actions.onDownload} />
      {acknowledgeable(doc) && (
        <IconButton size="small" aria-label={`Acknowledgements of ${doc.title}`} onClick={() => actions.onAcknowledgements(doc)}>
          <FactCheckIcon fontSize="small" />
        </IconButton>
      )}
      <IconButton size="small" color="error" aria-label={`Delete ${doc.title}`} onClick={() => actions.onDelete(doc)}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </>
  );
}
