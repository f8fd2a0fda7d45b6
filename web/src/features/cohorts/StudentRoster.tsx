import VisibilityIcon from '@mui/icons-material/Visibility';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import { balanceOf, rosterStatus } from '../../../../lambdas/domain/balance-status';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import type { StudentRecord } from '#contract/students';
import { formatDollars } from '#shared/lib/money';
import { fullName } from './cohortFormat';
import { NO_STUDENTS } from './cohortMessages';
import { RosterStatusChip } from './RosterStatusChip';

const COLUMNS: ReadonlyArray<DataColumn<StudentRecord>> = [
  { header: 'Student', priority: 'title', render: (student) => fullName(student) },
  { header: 'Username', priority: 'secondary', render: (student) => student.username },
  { header: 'Email', priority: 'secondary', breakAnywhere: true, render: (student) => student.email },
  { header: 'Current Balance', nowrap: true, render: (student) => formatDollars(balanceOf(student.payment_details)) },
  { header: 'Payment Status', render: (student) => <RosterStatusChip status={rosterStatus(balanceOf(student.payment_details))} /> },
  // Progress tracking does not exist yet, so every student is "In Progress".
  { header: 'Program Progress', render: () => <Chip size="small" variant="outlined" color="primary" label="In Progress" /> },
];

interface Props {
  students: readonly StudentRecord[];
  loading: boolean;
  onView: (student: StudentRecord) => void;
}

/** The id of a student's "View details" button: where focus goes back when their dialog closes. */
export const viewButtonId = (username: string) => `view-student-${username}`;

/** The Student Roster table. */
export function StudentRoster({ students, loading, onView }: Props) {
  const view = (student: StudentRecord) => (
    <IconButton id={viewButtonId(student.username)} aria-label={`View details of ${fullName(student)}`} size="small" color="primary" onClick={() => onView(student)}>
      <VisibilityIcon fontSize="small" />
    </IconButton>
  );
  return (
    <DataTable label="Student Roster" columns={COLUMNS} rows={students} rowKey={(student) => student.username} loading={loading} empty={NO_STUDENTS} actions={{ render: view }} />
  );
}
