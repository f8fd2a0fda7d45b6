import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { Cohort } from '#contract/cohorts';
import { brand } from '#shared/brand';
import { downloadCsv } from '#shared/lib/csv';
import { HeadingRow } from '#shared/components/HeadingRow';
import { cohortsCsv, cohortsCsvFileName } from './cohortCsv';
import { academicYearsOf, filterCohorts, NO_FILTERS, summarize, type CohortFilters } from './cohortFilters';
import { CohortFiltersBar } from './CohortFiltersBar';
import { CohortFormDialog } from './CohortFormDialog';
import { COHORTS_FAILED } from './cohortMessages';
import { useListCohortsQuery } from './cohortsApi';
import { CohortsTable } from './CohortsTable';
import { CohortSummaryCards } from './CohortSummaryCards';

/** The New Cohort / Edit Cohort dialog, remounted (`key`) for each opening. */
type OpenDialog = { cohort?: Cohort; key: number } | null;

/**
 * Cohort Management at /cohort-management (admin only), also the admin panel's Cohorts view
 * (`embedded`: a section heading under the panel's title instead of the page's h1).
 */
export default function CohortManagementPage({ embedded = false }: { embedded?: boolean }) {
  const list = useListCohortsQuery();
  const cohorts = useMemo(() => (list.isError ? [] : (list.data ?? [])), [list.isError, list.data]);
  const [filters, setFilters] = useState<CohortFilters>(NO_FILTERS);
  const shown = useMemo(() => filterCohorts(cohorts, filters), [cohorts, filters]);
  const [dialog, setDialog] = useState<OpenDialog>(null);

  return (
    <Stack spacing={3} component="section" aria-labelledby="cohort-management-title">
      {!embedded && <title>{`Cohort Management · ${brand.productName}`}</title>}
      <HeadingRow>
        <Typography id="cohort-management-title" variant={embedded ? 'h5' : 'h4'} component={embedded ? 'h2' : 'h1'}>
          Cohort Management
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ key: Date.now() })}>
          New Cohort
        </Button>
      </HeadingRow>
      <CohortSummaryCards summary={summarize(cohorts)} />
      <CohortFiltersBar
        filters={filters}
        academicYears={academicYearsOf(cohorts)}
        onChange={setFilters}
        onClear={() => setFilters(NO_FILTERS)}
        onExport={() => downloadCsv(cohortsCsv(shown), cohortsCsvFileName())}
        canExport={shown.length > 0}
      />
      {list.isError && <Alert severity="error">{COHORTS_FAILED}</Alert>}
      <CohortsTable cohorts={shown} loading={list.isLoading} onEdit={(cohort) => setDialog({ cohort, key: Date.now() })} />
      {dialog && <CohortFormDialog key={dialog.key} cohort={dialog.cohort} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
