import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { StudentDocumentDto } from '#contract/documents';
import { PageHeading } from '#shared/components/PageHeading';
import { useSignedInUser } from '#shared/session/currentUser';
import { AcknowledgeDialog } from './AcknowledgeDialog';
import { listFailure } from './documentMessages';
import { DocumentPreviewDialog } from './DocumentPreviewDialog';
import { useListMyDocumentsQuery } from './documentsApi';
import { MyDocumentsTable } from './MyDocumentsTable';
import { useDocumentFiles } from './useDocumentFiles';

type OpenDialog = { kind: 'preview' | 'acknowledge'; doc: StudentDocumentDto } | null;

/**
 * /my-documents (the spec gives students none): exactly the documents the server says
 * apply to the signed-in student, with preview, download and, for mandatory or signature
 * documents, an acknowledgement.
 */
export default function MyDocumentsPage() {
  const user = useSignedInUser();
  const list = useListMyDocumentsQuery({});
  const files = useDocumentFiles();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const fullName = `${user.first_name} ${user.last_name}`.trim();

  return (
    <Stack spacing={3} component="section" aria-labelledby="page-title">
      <PageHeading title="My Documents" subtitle="Handbooks, syllabi and forms from the school. Please acknowledge the mandatory ones." />
      {list.isError && <Alert severity="error">{listFailure(list.error)}</Alert>}
      <MyDocumentsTable
        documents={list.currentData ?? []}
        loading={list.currentData === undefined && !list.isError}
        missingFiles={files.missing}
        onOpen={(doc) => void files.openInNewTab(doc)}
        onPreview={(doc) => setDialog({ kind: 'preview', doc })}
        onDownload={(doc) => void files.download(doc)}
        onAcknowledge={(doc) => setDialog({ kind: 'acknowledge', doc })}
      />
      {dialog?.kind === 'preview' && <DocumentPreviewDialog doc={dialog.doc} onDownload={(doc) => void files.download(doc)} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'acknowledge' && <AcknowledgeDialog doc={dialog.doc} fullName={fullName} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
