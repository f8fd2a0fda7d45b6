import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { StudentDocumentDto } from '#contract/documents';
import { needsAcknowledgement } from '../../../../lambdas/domain/document-access';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { FileButtons, TitleCell } from './DocumentCells';
import { fileTypeLabel, formatDate, formatFileSize } from './documentFormat';
import { acknowledgedOn } from './documentMessages';

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

type Column = DataColumn<StudentDocumentDto>;

/** The columns; on a phone's card the category, type and size fold under "More details". */
function myDocumentColumns(missingFiles: ReadonlySet<string>, actions: Pick<Props, 'onOpen' | 'onAcknowledge'>): Column[] {
  return [
    { header: 'Title', priority: 'title', render: (doc) => <TitleCell doc={doc} fileMissing={missingFiles.has(doc.id)} onOpen={() => actions.onOpen(doc)} /> },
    { header: 'Category', priority: 'secondary', render: (doc) => doc.category_name ?? 'N/A' },
    { header: 'Type', priority: 'secondary', render: (doc) => fileTypeLabel(doc.file_type) },
    { header: 'Size', priority: 'secondary', nowrap: true, render: (doc) => formatFileSize(doc.file_size) },
    { header: 'Uploaded', nowrap: true, render: (doc) => formatDate(doc.uploaded_at) },
    {
      header: 'Status',
      render: (doc) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {doc.is_mandatory && <Chip size="small" color="warning" label="Mandatory" />}
          {doc.requires_signature && <Chip size="small" color="info" label="Signature required" />}
        </Stack>
      ),
    },
    { header: 'Acknowledgement', render: (doc) => <AcknowledgementCell doc={doc} onAcknowledge={() => actions.onAcknowledge(doc)} /> },
  ];
}

/** A student's documents: what applies to them, with preview, download and acknowledgement. */
export function MyDocumentsTable({ documents, loading, missingFiles, ...actions }: Props) {
  return (
    <DataTable
      label="My documents"
      columns={myDocumentColumns(missingFiles, actions)}
      rows={documents}
      rowKey={(doc) => doc.id}
      loading={loading}
      loadingMessage="Loading documents..."
      empty="No documents found."
      actions={{ render: (doc) => <FileButtons doc={doc} onPreview={actions.onPreview} onDownload={actions.onDownload} /> }}
    />
  );
}
