import VisibilityIcon from '@mui/icons-material/Visibility';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import { Link as RouterLink } from 'react-router';
import type { StudentSummary } from '#contract/student-admin';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { formatDollars } from '#shared/lib/money';
import { fullName } from './studentFilters';
import { NO_STUDENTS_FOUND } from './studentMessages';

/** An email offered a line break after its "@", so the column can narrow without cutting the address anywhere. */
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

/** The spec's columns; on a phone's card the username, email and sign-in fold under "More details". */
function studentColumns(cohortName: Props['cohortName']): Array<DataColumn<StudentSummary>> {
  return [
    { header: 'Name', priority: 'title', render: (student) => fullName(student) },
    { header: 'Username', priority: 'secondary', render: (student) => student.username },
    { header: 'Email', priority: 'secondary', breakAnywhere: true, render: (student) => <EmailText email={student.email} /> },
    { header: 'Program', render: (student) => student.program ?? 'N/A' },
    { header: 'Cohort', render: (student) => cohortName(student.cohort_id) },
    { header: 'Balance', align: 'right', nowrap: true, render: (student) => formatDollars(student.balance) },
    {
      header: 'Sign-in',
      priority: 'secondary',
      render: (student) => (
        <Chip size="small" variant="outlined" label={student.sign_in_enabled ? 'Enabled' : 'Disabled'} color={student.sign_in_enabled ? 'success' : 'default'} />
      ),
    },
  ];
}

/** The admin list of students. */
export function StudentsTable({ students, loading, cohortName, recordPath }: Props) {
  const open = (student: StudentSummary) => (
    <IconButton component={RouterLink} to={recordPath(student.username)} aria-label={`Open record of ${fullName(student)}`} size="small" color="primary">
      <VisibilityIcon fontSize="small" />
    </IconButton>
  );
  return (
    <DataTable
      label="Students"
      columns={studentColumns(cohortName)}
      rows={students}
      rowKey={(student) => student.username}
      loading={loading}
      empty={NO_STUDENTS_FOUND}
      actions={{ render: open }}
    />
  );
}
