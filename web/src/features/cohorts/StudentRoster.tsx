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
import { balanceOf, rosterStatus } from '../../../../lambdas/domain/balance-status';
import type { StudentRecord } from '../../contract';
import { formatDollars } from '../../lib/money';
import { fullName } from './cohortFormat';
import { NO_STUDENTS } from './cohortMessages';
import { RosterStatusChip } from './RosterStatusChip';

const COLUMNS = ['Student', 'Username', 'Email', 'Current Balance', 'Payment Status', 'Program Progress', 'Actions'];

interface Props {
  students: readonly StudentRecord[];
  loading: boolean;
  onView: (student: StudentRecord) => void;
}

/** The Student Roster table (spec section 2). */
export function StudentRoster({ students, loading, onView }: Props) {
  const message = loading ? 'Loading...' : students.length === 0 ? NO_STUDENTS : null;
  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label="Student Roster">
      <Table size="small" aria-label="Student Roster">
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
            students.map((student) => {
              const balance = balanceOf(student.payment_details);
              const name = fullName(student);
              return (
                <TableRow key={student.username} hover>
                  <TableCell>{name}</TableCell>
                  <TableCell>{student.username}</TableCell>
                  <TableCell>{student.email}</TableCell>
                  <TableCell>{formatDollars(balance)}</TableCell>
                  <TableCell>
                    <RosterStatusChip status={rosterStatus(balance)} />
                  </TableCell>
                  <TableCell>
                    {/* Spec section 2: progress tracking does not exist yet, so every student is "In Progress". */}
                    <Chip size="small" variant="outlined" color="primary" label="In Progress" />
                  </TableCell>
                  <TableCell>
                    <IconButton aria-label={`View details of ${name}`} size="small" color="primary" onClick={() => onView(student)}>
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
