import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import { formatCalendarDate, formatDateTime } from '#shared/lib/dates';
import { RecordSection } from './RecordSection';
import { RecordTable } from './RecordTable';
import { acknowledgementOf, type AcknowledgementState } from './studentDocuments';
import { DOCUMENTS_FAILED } from './studentMessages';
import { useListStudentDocumentsQuery } from './studentsAdminApi';

const COLUMNS = ['Title', 'Scope', 'Category', 'Uploaded', 'Requirements', 'Acknowledgement'];

function AcknowledgementCell({ state }: { state: AcknowledgementState }) {
  if (state.kind === 'pending') return <Chip size="small" color="warning" label="Not yet acknowledged" />;
  if (state.kind === 'not-required') return 'Not required';
  const signed = state.signature ? `, signed "${state.signature}"` : '';
  return `Acknowledged ${formatDateTime(state.at)}${signed}`;
}

/**
 * Every document that applies to the student (general, their program's, their cohort's and their own, as
 * their My Documents lists them), mandatory ones marked, each with whether they have acknowledged it.
 */
export function DocumentsSection({ username }: { username: string }) {
  const documents = useListStudentDocumentsQuery(username);
  const rows = (documents.data ?? []).map((doc) => ({
    key: doc.id,
    cells: [
      doc.title,
      doc.scope_display,
      doc.category_name ?? 'N/A',
      formatCalendarDate(doc.uploaded_at),
      doc.is_mandatory ? (
        <Chip size="small" color="primary" variant="outlined" label={doc.requires_signature ? 'Mandatory, signature' : 'Mandatory'} />
      ) : doc.requires_signature ? (
        'Signature'
      ) : (
        'None'
      ),
      <AcknowledgementCell state={acknowledgementOf(doc)} />,
    ],
  }));
  return (
    <RecordSection title="Documents and Acknowledgements">
      {documents.isError ? (
        <Alert severity="error">{DOCUMENTS_FAILED}</Alert>
      ) : (
        <RecordTable label="Documents" columns={COLUMNS} rows={rows} loading={documents.isLoading} empty="No documents apply to this student" />
      )}
    </RecordSection>
  );
}
