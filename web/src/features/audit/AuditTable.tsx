import Box from '@mui/material/Box';
import type { AuditEntrySummary } from '#contract/audit';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { formatDateTime } from '#shared/lib/dates';
import { subjectOf } from './auditQuery';

const COLUMNS: ReadonlyArray<DataColumn<AuditEntrySummary>> = [
  { header: 'Time', render: (entry) => <span title={entry.at}>{formatDateTime(entry.at)}</span>, nowrap: true, width: 170 },
  { header: 'User', render: (entry) => entry.actor, width: '18%' },
  {
    header: 'Action',
    render: (entry) => (
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {entry.action}
      </Box>
    ),
    width: '20%',
  },
  { header: 'Subject', render: (entry) => subjectOf(entry), priority: 'title' },
];

/**
 * Audit entries, newest first; the exact time is in each time's title. Each row opens (a click, or
 * its View button by keyboard) to the entry's before and after (AuditEntryDialog).
 */
export function AuditTable({ entries, onOpen }: { entries: readonly AuditEntrySummary[]; onOpen: (entry: AuditEntrySummary) => void }) {
  return (
    <DataTable
      label="Audit log"
      columns={COLUMNS}
      rows={entries}
      rowKey={(entry) => entry.id}
      onRowOpen={onOpen}
      openLabel={(entry) => `View ${entry.action} of ${subjectOf(entry)}`}
    />
  );
}
