import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import { formatCalendarDate, formatDateTime } from '../../lib/dates';
import { RecordSection } from './RecordSection';
import { RecordTable } from './RecordTable';
import { acknowledgementOf, type AcknowledgementState } from './studentDocuments';
import { DOCUMENTS_FAILED } from './studentMessages';
import { useListStudentDocumentsQuery } from './studentsAdminApi';

const COLUMNS = ['Title', 'Category', 'Uploaded', 'Requirements', 'Acknowledgement'];

function AcknowledgementCell({ state }: { state: AcknowledgementState }) {
  if (state.kind === 'pending') return <Chip size="small" color="warning" label="Pending" />;
  if (state.kind === 'not-required') return 'Not required';
  const signed = state.signature ? `, signed "${state.signature}"` : '';
  return `Acknowledged ${formatDateTime(state.at)}${signed}`;
}

/** The documents assigned to the student individually, and whether they have acknowledged each. */
export function DocumentsSection({ username }: { username: string }) {
  const documents = useListStudentDocumentsQuery(username);
  const rows = (documents.data ?? []).map((entry) => ({
    key: entry.document.id,
    cells: [
      entry.document.title,
      entry.document.category_name ?? 'N/A',
      formatCalendarDate(entry.document.uploaded_at),
      [entry.document.is_mandatory && 'Mandatory', entry.document.requires_signature && 'Signature'].filter(Boolean).join(', ') || 'None',
      <AcknowledgementCell state={acknowledgementOf(entry, username)} />,
    ],
  }));
  const message = documents.isLoading ? 'Loading...' : documents.isError ? null : rows.length === 0 ? 'No documents assigned to this student' : null;
  return (
    <RecordSection title="Documents and Acknowledgements">
      {documents.isError ? <Alert severity="error">{DOCUMENTS_FAILED}</Alert> : <RecordTable label="Documents" columns={COLUMNS} rows={rows} message={message} />}
    </RecordSection>
  );
}
