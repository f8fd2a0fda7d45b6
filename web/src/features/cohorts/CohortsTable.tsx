import EditIcon from '@mui/icons-material/Edit';
import EmailIcon from '@mui/icons-material/Email';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import { generatePath, Link as RouterLink } from 'react-router';
import type { Cohort } from '#contract/cohorts';
import { paths } from '#shared/paths';
import { composeToCohortPath } from '#shared/announcementLinks';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { formatCalendarDate } from '#shared/lib/dates';
import { PROGRAM_TYPE_LABEL } from '#shared/lib/programs';
import { cohortLabel, statusLabel } from './cohortFormat';
import { NO_COHORTS } from './cohortMessages';

const COLUMNS: ReadonlyArray<DataColumn<Cohort>> = [
  { header: 'Academic Year', nowrap: true, render: (cohort) => cohort.academic_year },
  { header: 'Cohort #', render: (cohort) => cohort.cohort_number },
  { header: 'Program Type', render: (cohort) => PROGRAM_TYPE_LABEL[cohort.program_type] ?? cohort.program_type },
  { header: 'Program Name', priority: 'title', render: (cohort) => cohort.program_name },
  { header: 'Students', render: (cohort) => cohort.student_count },
  { header: 'Start Date', nowrap: true, render: (cohort) => (cohort.start_date ? formatCalendarDate(cohort.start_date) : 'Not set') },
  { header: 'Status', render: (cohort) => <Chip size="small" label={statusLabel(cohort)} color={cohort.is_active ? 'success' : 'default'} /> },
];

interface Props {
  cohorts: readonly Cohort[];
  loading: boolean;
  onEdit: (cohort: Cohort) => void;
}

/** The Cohort Management table. */
export function CohortsTable({ cohorts, loading, onEdit }: Props) {
  const actions = { render: (cohort: Cohort) => <CohortActions cohort={cohort} onEdit={onEdit} /> };
  return <DataTable label="Cohorts" columns={COLUMNS} rows={cohorts} rowKey={(cohort) => cohort.id} loading={loading} empty={NO_COHORTS} actions={actions} />;
}

function CohortActions({ cohort, onEdit }: { cohort: Cohort; onEdit: (cohort: Cohort) => void }) {
  // Numbers repeat across years and program types, so the labels name the program too.
  const name = `${cohortLabel(cohort)} (${cohort.program_name})`;
  return (
    <>
      <IconButton aria-label={`View details of ${name}`} size="small" color="primary" component={RouterLink} to={generatePath(paths.cohortDetail, { cohortId: cohort.id })}>
        <VisibilityIcon fontSize="small" />
      </IconButton>
      {/* the announcements page's composer, addressed to this cohort */}
      <IconButton aria-label={`Email students of ${name}`} size="small" component={RouterLink} to={composeToCohortPath(cohort.id)}>
        <EmailIcon fontSize="small" />
      </IconButton>
      <IconButton aria-label={`Edit ${name}`} size="small" onClick={() => onEdit(cohort)}>
        <EditIcon fontSize="small" />
      </IconButton>
    </>
  );
}
