import EditIcon from '@mui/icons-material/Edit';
import EmailIcon from '@mui/icons-material/Email';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { generatePath, Link as RouterLink } from 'react-router';
import type { Cohort } from '../../../../lambdas/contract/cohorts';
import { paths } from '../../app/paths';
import { formatCalendarDate } from '../../lib/dates';
import { PROGRAM_TYPE_LABEL } from '../../lib/programs';
import { cohortLabel, statusLabel } from './cohortFormat';
import { NO_COHORTS } from './cohortMessages';

const COLUMNS = ['Academic Year', 'Cohort #', 'Program Type', 'Program Name', 'Students', 'Start Date', 'Status', 'Actions'];

interface Props {
  cohorts: readonly Cohort[];
  loading: boolean;
  onEdit: (cohort: Cohort) => void;
}

/** The Cohort Management table (spec section 2). */
export function CohortsTable({ cohorts, loading, onEdit }: Props) {
  const message = loading ? 'Loading...' : cohorts.length === 0 ? NO_COHORTS : null;
  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label="Cohorts">
      <Table size="small" aria-label="Cohorts">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column}>{column}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody aria-busy={loading}>
          {message ? (
            <TableRow>
              <TableCell colSpan={COLUMNS.length} align="center">
                {message}
              </TableCell>
            </TableRow>
          ) : (
            cohorts.map((cohort) => <CohortRow key={cohort.id} cohort={cohort} onEdit={onEdit} />)
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function CohortRow({ cohort, onEdit }: { cohort: Cohort; onEdit: (cohort: Cohort) => void }) {
  // Numbers repeat across years and program types, so the labels name the program too.
  const name = `${cohortLabel(cohort)} (${cohort.program_name})`;
  return (
    <TableRow hover>
      <TableCell>{cohort.academic_year}</TableCell>
      <TableCell>{cohort.cohort_number}</TableCell>
      <TableCell>{PROGRAM_TYPE_LABEL[cohort.program_type] ?? cohort.program_type}</TableCell>
      <TableCell>{cohort.program_name}</TableCell>
      <TableCell>{cohort.student_count}</TableCell>
      <TableCell>{cohort.start_date ? formatCalendarDate(cohort.start_date) : 'Not set'}</TableCell>
      <TableCell>
        <Chip size="small" label={statusLabel(cohort)} color={cohort.is_active ? 'success' : 'default'} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <IconButton
          aria-label={`View details of ${name}`}
          size="small"
          color="primary"
          component={RouterLink}
          to={generatePath(paths.cohortDetail, { cohortId: cohort.id })}
        >
          <VisibilityIcon fontSize="small" />
        </IconButton>
        {/* Spec section 2: the email-students button has no action yet. */}
        <IconButton aria-label={`Email students of ${name} (coming soon)`} size="small">
          <EmailIcon fontSize="small" />
        </IconButton>
        <IconButton aria-label={`Edit ${name}`} size="small" onClick={() => onEdit(cohort)}>
          <EditIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}
