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
import { Link as RouterLink } from 'react-router';
import type { StudentSummary } from '../../../../lambdas/contract/student-admin';
import { formatDollars } from '../../lib/money';
import { fullName } from './studentFilters';
import { NO_STUDENTS_FOUND } from './studentMessages';

const COLUMNS = ['Name', 'Username', 'Email', 'Program', 'Cohort', 'Balance', 'Sign-in', 'Actions'];
// Short values kept on one line, narrower padding and emails wrapping after the "@", so the eight columns fit the panel.
const nowrap = { whiteSpace: 'nowrap' } as const;
const compact = { '& th, & td': { px: 1 } } as const;

function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

interface Props {
  students: readonly StudentSummary[];
  loading: boolean;
  /** The cohort's label by id ("2026-2027 Cohort 2"). */
  cohortName: (cohortId: string | null) => string;
  recordPath: (username: string) => string;
}

/** The admin list of students. */
export function StudentsTable({ students, loading, cohortName, recordPath }: Props) {
  const message = loading ? 'Loading...' : students.length === 0 ? NO_STUDENTS_FOUND : null;
  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label="Students">
      <Table size="small" aria-label="Students" sx={compact}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} align={column === 'Balance' ? 'right' : 'left'}>
                {column}
              </TableCell>
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
            students.map((student) => {
              const name = fullName(student);
              return (
                <TableRow key={student.username} hover>
                  <TableCell>{name}</TableCell>
                  <TableCell>{student.username}</TableCell>
                  <TableCell>
                    <EmailText email={student.email} />
                  </TableCell>
                  <TableCell>{student.program ?? 'N/A'}</TableCell>
                  <TableCell sx={nowrap}>{cohortName(student.cohort_id)}</TableCell>
                  <TableCell align="right" sx={nowrap}>
                    {formatDollars(student.balance)}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      label={student.sign_in_enabled ? 'Enabled' : 'Disabled'}
                      color={student.sign_in_enabled ? 'success' : 'default'}
                    />
                  </TableCell>
                  <TableCell>
                    <IconButton component={RouterLink} to={recordPath(student.username)} aria-label={`Open record of ${name}`} size="small" color="primary">
                      <VisibilityIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
