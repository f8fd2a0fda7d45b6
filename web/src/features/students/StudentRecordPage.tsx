import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { isNoStudentRecord, useGetStudentQuery } from '#shared/api/students';
import { PageLoading } from '#shared/components/PageLoading';
import { HeadingRow } from '#shared/components/HeadingRow';
import type { StudentRecord } from '#contract/students';
import { DocumentsSection } from './DocumentsSection';
import { EnrollDialog } from './EnrollDialog';
import { EnrollmentsSection } from './EnrollmentsSection';
import { HoldsSection } from './HoldsSection';
import { LedgerEntryDialog } from './LedgerEntryDialog';
import { LedgerSection } from './LedgerSection';
import { MessagesSection } from './MessagesSection';
import { MfaResetButton } from './MfaResetButton';
import { SignOutEverywhereButton } from './SignOutEverywhereButton';
import { ProfileSection } from './ProfileSection';
import { SignInToggle } from './SignInToggle';
import { cohortLabel, fullName } from './studentFilters';
import { STUDENT_FAILED, STUDENT_NOT_FOUND } from './studentMessages';
import { programsOf } from './studentLedger';
import { useListStudentCohortsQuery } from './studentsAdminApi';

/** A student's record (admin): profile, enrollments, ledger, holds, documents, emails sent, and the admin's actions. */
export function StudentRecordPage({ username, listPath }: { username: string; listPath: string }) {
  const query = useGetStudentQuery(username);
  return (
    <Stack spacing={3} component="section" aria-labelledby="student-record-title">
      <Box>
        <Button component={RouterLink} to={listPath} startIcon={<ArrowBackIcon />}>
          Back to Students
        </Button>
      </Box>
      {query.isError ? (
        <Alert severity={isNoStudentRecord(query.error) ? 'warning' : 'error'}>{isNoStudentRecord(query.error) ? STUDENT_NOT_FOUND : STUDENT_FAILED}</Alert>
      ) : !query.data ? (
        <PageLoading label="Loading student details..." />
      ) : (
        <StudentRecordContent student={query.data} />
      )}
    </Stack>
  );
}

type OpenDialog = 'enroll' | 'ledger' | null;

function StudentRecordContent({ student }: { student: StudentRecord }) {
  const cohorts = useListStudentCohortsQuery();
  const cohort = cohorts.data?.find((c) => c.id === student.cohort_id);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const name = fullName(student);
  const enrolled = programsOf(student.payment_details).length > 0;

  return (
    <>
      <HeadingRow>
        <Box>
          <Typography id="student-record-title" variant="h5" component="h2">
            {name}
          </Typography>
          <Typography color="text.secondary">{student.username}</Typography>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" onClick={() => setDialog('enroll')}>
            Enroll in Program
          </Button>
          <Button variant="outlined" disabled={!enrolled} title={enrolled ? undefined : 'Enroll the student in a program first'} onClick={() => setDialog('ledger')}>
            Post Charge or Credit
          </Button>
          <SignInToggle username={student.username} name={name} enabled={student.sign_in_enabled} />
          <MfaResetButton username={student.username} name={name} />
          <SignOutEverywhereButton username={student.username} name={name} />
        </Box>
      </HeadingRow>
      <ProfileSection student={student} cohortName={cohort ? cohortLabel(cohort) : (student.cohort_id ?? 'None')} signInEnabled={student.sign_in_enabled} />
      <EnrollmentsSection student={student} />
      <LedgerSection student={student} />
      <HoldsSection username={student.username} />
      <DocumentsSection username={student.username} />
      <MessagesSection username={student.username} />
      {dialog === 'enroll' && <EnrollDialog student={student} onClose={() => setDialog(null)} />}
      {dialog === 'ledger' && <LedgerEntryDialog student={student} onClose={() => setDialog(null)} />}
    </>
  );
}
