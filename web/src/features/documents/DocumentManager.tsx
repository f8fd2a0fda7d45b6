import FilterListIcon from '@mui/icons-material/FilterList';
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SCOPE_LABELS, type DocumentRecordDto, type DocumentScope } from '#contract/documents';
import type { UserInfo } from '#contract/users';
import { ConfirmDialog } from '#shared/components/ConfirmDialog';
import { AcknowledgementsDialog } from './AcknowledgementsDialog';
import { DocumentFilterDialog } from './DocumentFilterDialog';
import {
  DELETE_CONFIRMATION,
  DELETE_FAILED,
  DOCUMENT_DELETED,
  DOCUMENT_TOAST_MS,
  LOG_IN_TO_DELETE,
  STAFF_ONLY,
  USERNAME_CHECK_DELAY_MS,
  listFailure,
  uploadedAndShown,
} from './documentMessages';
import { DocumentPreviewDialog } from './DocumentPreviewDialog';
import { activeFilterCount, NO_FILTERS, type DocumentFilters } from './documentQuery';
import { useDeleteDocumentMutation, useListDocumentCategoriesQuery, useListDocumentsQuery } from './documentsApi';
import { DocumentsTable } from './DocumentsTable';
import { byScope, TABS, tabLabel } from './documentTabs';
import { UploadDocumentDialog } from './UploadDocumentDialog';
import { useDebouncedValue } from '#shared/lib/useDebouncedValue';
import { useToast } from '#shared/toast/useToast';
import { useDocumentFiles } from './useDocumentFiles';

type OpenDialog = { kind: 'filter' | 'upload' } | { kind: 'preview' | 'delete' | 'acknowledgements'; doc: DocumentRecordDto } | null;

/**
 * Tabs, filters, table and dialogs of Document Management. Every page of the list is loaded (the
 * tabs show true counts); the Individual tab's student-name search asks the server separately, as
 * it matches only documents assigned to someone. Finance read it as staff do, without the changes
 * only staff and admins may make (upload, delete, acknowledgements).
 */
export function DocumentManager({ user }: { user: UserInfo }) {
  const [filters, setFilters] = useState<DocumentFilters>(NO_FILTERS);
  const [tab, setTab] = useState<DocumentScope>('individual');
  const [studentName, setStudentName] = useState('');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  /** The document just uploaded: its tab is shown, and its row highlighted once the list has it. */
  const [uploaded, setUploaded] = useState<DocumentRecordDto | null>(null);
  const canChange = user.is_staff || user.isAdmin;
  // the same pause after typing as the upload's username check
  const nameSearch = useDebouncedValue(studentName.trim(), USERNAME_CHECK_DELAY_MS);
  const list = useListDocumentsQuery(filters);
  const named = useListDocumentsQuery({ ...filters, scope: 'individual', student_name: nameSearch }, { skip: nameSearch === '' });
  const categories = useListDocumentCategoriesQuery();
  const [deleteDocument] = useDeleteDocumentMutation();
  const files = useDocumentFiles();
  const toast = useToast(DOCUMENT_TOAST_MS);

  const groups = byScope(list.currentData ?? []);
  const searching = tab === 'individual' && nameSearch !== '';
  const shown = searching ? (named.currentData ?? []) : groups[tab];
  const loading = searching ? named.currentData === undefined && !named.isError : list.currentData === undefined && !list.isError;
  const failure = searching ? named.error : list.error;
  const highlightedId = uploaded && !loading && shown.some((doc) => doc.id === uploaded.id) ? uploaded.id : null;
  const count = (scope: DocumentScope) => {
    if (list.currentData === undefined) return null;
    return scope === 'individual' && nameSearch !== '' ? (named.currentData?.length ?? null) : groups[scope].length;
  };

  const askToDelete = (doc: DocumentRecordDto) => {
    if (!canChange) return toast(STAFF_ONLY, 'info');
    return user.token ? setDialog({ kind: 'delete', doc }) : toast(LOG_IN_TO_DELETE, 'error');
  };
  const showAcknowledgements = (doc: DocumentRecordDto) => (canChange ? setDialog({ kind: 'acknowledgements', doc }) : toast(STAFF_ONLY, 'info'));

  /** After an upload: the new document's tab, with nothing hiding it (filters, a name search), and its row pointed out. */
  const showUploaded = (doc: DocumentRecordDto) => {
    setDialog(null);
    setTab(doc.scope);
    setStudentName('');
    setFilters(NO_FILTERS);
    setUploaded(doc);
  };
  const confirmDelete = async (doc: DocumentRecordDto) => {
    setDialog(null);
    try {
      await deleteDocument(doc.id).unwrap();
      toast(DOCUMENT_DELETED, 'success');
    } catch {
      toast(DELETE_FAILED, 'error');
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Badge badgeContent={activeFilterCount(filters)} color="secondary">
          <Button variant="outlined" startIcon={<FilterListIcon />} onClick={() => setDialog({ kind: 'filter' })}>
            Filter
          </Button>
        </Badge>
        {canChange && (
          <Button variant="contained" startIcon={<UploadIcon />} onClick={() => setDialog({ kind: 'upload' })}>
            Upload Document
          </Button>
        )}
      </Stack>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_event, scope: DocumentScope) => setTab(scope)} variant="scrollable" allowScrollButtonsMobile aria-label="Document scopes">
          {TABS.map(({ scope, label }) => (
            <Tab key={scope} value={scope} label={tabLabel(label, count(scope))} id={`documents-tab-${scope}`} aria-controls="documents-tabpanel" />
          ))}
        </Tabs>
      </Box>
      <Stack spacing={2} role="tabpanel" id="documents-tabpanel" aria-labelledby={`documents-tab-${tab}`}>
        {tab === 'individual' && (
          <TextField
            id="documents-student-name"
            label="Search by student name"
            placeholder="First name, last name or username"
            size="small"
            value={studentName}
            onChange={(event) => setStudentName(event.target.value)}
            sx={{ maxWidth: 360 }}
          />
        )}
        {failure && <Alert severity="error">{listFailure(failure)}</Alert>}
        {/* the upload's toast is the spec's words; this names the document and where it is, for everyone */}
        <Typography role="status" variant="body2" sx={{ '&:empty': { marginTop: '0 !important' } }}>
          {highlightedId && uploaded ? uploadedAndShown(uploaded.title, SCOPE_LABELS[uploaded.scope]) : ''}
        </Typography>
        <DocumentsTable
          label={SCOPE_LABELS[tab]}
          documents={failure ? [] : shown}
          loading={loading}
          failed={Boolean(failure)}
          showUploadHint={canChange}
          highlightedId={highlightedId}
          missingFiles={files.missing}
          onOpen={(doc) => void files.openInNewTab(doc)}
          onPreview={(doc) => setDialog({ kind: 'preview', doc })}
          onDownload={(doc) => void files.download(doc)}
          onDelete={askToDelete}
          onAcknowledgements={showAcknowledgements}
        />
      </Stack>
      {dialog?.kind === 'filter' && (
        <DocumentFilterDialog
          filters={filters}
          categories={categories.data ?? []}
          onApply={(next) => {
            setFilters(next);
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'upload' && <UploadDocumentDialog categories={categories.data ?? []} onClose={() => setDialog(null)} onUploaded={showUploaded} />}
      {dialog?.kind === 'preview' && <DocumentPreviewDialog doc={dialog.doc} onDownload={(doc) => void files.download(doc)} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'acknowledgements' && <AcknowledgementsDialog doc={dialog.doc} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          open
          title="Delete Document"
          message={DELETE_CONFIRMATION}
          confirmLabel="Delete"
          onConfirm={() => void confirmDelete(dialog.doc)}
          onCancel={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
