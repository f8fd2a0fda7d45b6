import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ImportSummary } from '#contract/student-import';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { formatDateTime } from '#shared/lib/dates';
import { STATUS_LABELS } from './studentImport';
import { IMPORTS_FAILED } from './studentMessages';
import { useListImportsQuery } from './studentsAdminApi';

const COLUMNS: ReadonlyArray<DataColumn<ImportSummary>> = [
  { header: 'File', render: (item) => item.file_name },
  { header: 'Started', render: (item) => formatDateTime(item.created_at) },
  { header: 'By', priority: 'secondary', render: (item) => item.created_by },
  { header: 'Status', render: (item) => STATUS_LABELS[item.status] },
  { header: 'Rows', render: (item) => item.total },
  { header: 'Created', render: (item) => item.created },
  { header: 'Already existed', render: (item) => item.skipped },
  { header: 'Failed', render: (item) => item.failed },
];

/** The last imports, newest first: any of them can be reopened to follow it or read its report again. */
export function PastImports({ openId, onOpen }: { openId: string | null; onOpen: (item: ImportSummary) => void }) {
  const list = useListImportsQuery();
  const imports = list.data?.results ?? [];
  return (
    <>
      <Typography component="h3" variant="subtitle1" id="past-imports-title" sx={{ mt: 2, mb: 1 }}>
        Past imports
      </Typography>
      {list.isLoading && <Typography role="status">Loading imports...</Typography>}
      {list.isError && <Typography color="error">{IMPORTS_FAILED}</Typography>}
      {list.isSuccess && imports.length === 0 && <Typography>No imports yet</Typography>}
      {imports.length > 0 && (
        <DataTable
          label="Past imports"
          outlined={false}
          maxHeight={240}
          columns={COLUMNS}
          rows={imports}
          rowKey={(item) => item.id}
          highlightedKey={openId}
          actions={{
            header: 'Report',
            render: (item) => (
              <Button size="small" onClick={() => onOpen(item)} aria-label={`Open import ${item.file_name} of ${formatDateTime(item.created_at)}`}>
                Open
              </Button>
            ),
          }}
        />
      )}
    </>
  );
}
