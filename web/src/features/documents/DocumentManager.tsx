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
import { useState } from 'react';
import type { DocumentRecordDto, DocumentScope } from '../../../../lambdas/contract/documents';
import type { UserInfo } from '../../contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { AcknowledgementsDialog } from './AcknowledgementsDialog';
import { DocumentFilterDialog } from './DocumentFilterDialog';
import {
  DELETE_CONFIRMATION,
  DELETE_FAILED,
  DOCUMENT_DELETED,
  listFailure,
  LOG_IN_TO_DELETE,
  USERNAME_CHECK_DELAY_MS,
} from './documentMessages';
import { DocumentPreviewDialog } from './DocumentPreviewDialog';
import { activeFilterCount, NO_FILTERS, type DocumentFilters } from './documentQuery';
import { useDeleteDocumentMutation, useListDocumentCategoriesQuery, useListDocumentsQuery } from './documentsApi';
import { DocumentsTable } from './DocumentsTable';
import { byScope, TABS, tabLabel } from './documentTabs';
import { UploadDocumentDialog } from './UploadDocumentDialog';
import { useDebouncedValue } from './useDebouncedValue';
import { useDocumentFiles } from './useDocumentFiles';
import { useDocumentToast } from './useDocumentToast';

type OpenDialog =
  | { kind: 'filter' | 'upload' }
  | { kind: 'preview' | 'delete' | 'acknowledgements'; doc: DocumentRecordDto }
  | null;

/**
 * Tabs, filters, table and dialogs of Document Management. Every page of the list is loaded (the
 * tabs show true counts); the Individual tab's student-name search asks the server separately, as
 * it matches only documents assigned to someone.
 */
export function DocumentManager({ user }: { user: UserInfo }) {
  const [filters, setFilters] = useState<DocumentFilters>(NO_FILTERS);
  const [tab, setTab] = useState<DocumentScope>('individual');
  const [studentName, setStudentName] = useState('');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // the same pause after typing as the upload's username check
  const nameSearch = useDebouncedValue(studentName.trim(), USERNAME_CHECK_DELAY_MS);
  const list = useListDocumentsQuery(filters);
  const named = useListDocumentsQuery({ ...filters, scope: 'individual', student_name: nameSearch }, { skip: nameSearch === '' });
  const categories = useListDocumentCategoriesQuery();
  const [deleteDocument] = useDeleteDocumentMutation();
  const files = useDocumentFiles();
  const toast = useDocumentToast();

  const groups = byScope(list.currentData ?? []);
  const searching = tab === 'individual' && nameSearch !== '';
  const shown = searching ? (named.currentData ?? []) : groups[tab];
  const loading = searching ? named.currentData === undefined && !named.isError : list.currentData === undefined && !list.isError;
  const failure = searching ? named.error : list.error;
  const count = (scope: DocumentScope) => {
    if (list.currentData === undefined) return null;
    return scope === 'individual' && nameSearch !== '' ? (named.currentData?.length ?? null) : groups[scope].length;
  };

  const askToDelete = (doc: DocumentRecordDto) => (user.token ? setDialog({ kind: 'delete', doc }) : toast(LOG_IN_TO_DELETE, 'error'));
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
        <Button variant="contained" startIcon={<UploadIcon />} onClick={() => setDialog({ kind: 'upload' })}>
          Upload Document
        </Button>
      </Stack>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_event, scope: DocumentScope) => setTab(scope)} variant="scrollable" aria-label="Document scopes">
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
        <DocumentsTable
          label={TABS.find((t) => t.scope === tab)!.label}
          documents={failure ? [] : shown}
          loading={loading}
          failed={Boolean(failure)}
          showUploadHint={user.is_staff || user.isAdmin}
          missingFiles={files.missing}
          onOpen={(doc) => void files.openInNewTab(doc)}
          onPreview={(doc) => setDialog({ kind: 'preview', doc })}
          onDownload={(doc) => void files.download(doc)}
          onDelete={askToDelete}
          onAcknowledgements={(doc) => setDialog({ kind: 'acknowledgements', doc })}
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
      {dialog?.kind === 'upload' && (
        <UploadDocumentDialog categories={categories.data ?? []} onClose={() => setDialog(null)} onUploaded={() => setDialog(null)} />
      )}
      {dialog?.kind === 'preview' && (
        <DocumentPreviewDialog doc={dialog.doc} onDownload={(doc) => void files.download(doc)} onClose={() => setDialog(null)} />
      )}
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
