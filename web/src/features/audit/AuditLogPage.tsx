import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { AuditEntrySummary } from '#contract/audit';
import { PagedQueryList } from '#shared/components/PagedList';
import { useGetAuditLogInfiniteQuery } from './auditApi';
import { AuditEntryDialog } from './AuditEntryDialog';
import { AuditFiltersForm } from './AuditFiltersForm';
import { NO_FILTERS, type AuditFilters } from './auditQuery';
import { AuditTable } from './AuditTable';

/**
 * The admin panel's Audit log view: who changed what and who read whose student record,
 * newest first, filterable by user, action and days. Entries cannot be changed from here or anywhere;
 * each opens to show its record's before and after.
 */
export default function AuditLogPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const log = useGetAuditLogInfiniteQuery(filters);
  const entries = log.data?.pages.flatMap((page) => page.results) ?? [];
  const covered = log.data?.pages[0];
  const [opened, setOpened] = useState<AuditEntrySummary | null>(null);

  return (
    <Stack spacing={3} component="section" aria-labelledby="admin-view-title">
      <Box>
        <Typography id="admin-view-title" variant="h5" component="h2">
          Audit log
        </Typography>
        <Typography color="text.secondary">
          Every change by staff, and every read of another person&apos;s student record. Days are UTC; without a user or action the list covers at most 31 days (the last 31 unless
          you choose).
        </Typography>
      </Box>
      <AuditFiltersForm applied={filters} onApply={setFilters} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        {/* no icon: one shared with another lazy page would become a chunk of its own (web/README.md) */}
        <Button variant="outlined" disabled={log.isFetching} onClick={() => void log.refetch()}>
          Refresh
        </Button>
        {covered && (covered.from || covered.to) && (
          <Typography variant="body2" color="text.secondary" role="status">
            {covered.from && covered.to ? `${covered.from} to ${covered.to}` : covered.from ? `From ${covered.from}` : `Until ${covered.to}`}
          </Typography>
        )}
      </Box>
      <PagedQueryList
        query={log}
        loadingText="Loading audit log..."
        failureText="Unable to load the audit log"
        empty={entries.length === 0 && 'No audit entries found for these filters.'}
      >
        <AuditTable entries={entries} onOpen={setOpened} />
      </PagedQueryList>
      {opened && <AuditEntryDialog entry={opened} onClose={() => setOpened(null)} />}
    </Stack>
  );
}
