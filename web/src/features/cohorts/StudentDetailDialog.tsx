import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useGetStudentQuery } from '#shared/api/students';
import { studentRecordPath } from '#shared/studentRecordPath';
import { useNarrowScreen } from '#shared/components/useScreenWidth';
import type { StudentRecord } from '#contract/students';
import { fullName } from './cohortFormat';
import { NO_EMAIL, STUDENT_FAILED } from './cohortMessages';
import { PaymentHistory, PaymentStatusSection, ProgramEnrollments, StudentInformation } from './StudentSections';

/**
 * Student detail dialog, opened from the roster. It reads the student afresh
 * (GET /api/students/{username}/) so the figures are current. MUI's Dialog moves focus in on
 * open and back to the roster's view button on close.
 */
export function StudentDetailDialog({ username, onClose }: { username: string; onClose: () => void }) {
  const query = useGetStudentQuery(username);
  const student = query.isError ? undefined : query.data;
  // A phone gets the whole screen, so the email and the payments (cards there) have room.
  const fullScreen = useNarrowScreen();

  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={fullScreen} maxWidth="md" scroll="paper" aria-labelledby="student-detail-title">
      <DialogTitle id="student-detail-title">{student ? `Student Details: ${fullName(student)}` : 'Student Details'}</DialogTitle>
      {/* Focusable: the content may scroll, and keyboard users must reach it even when nothing in it takes focus. */}
      <DialogContent dividers tabIndex={0}>
        {query.isError ? (
          <Alert severity="error">{STUDENT_FAILED}</Alert>
        ) : !student ? (
          <Typography role="status">Loading student details...</Typography>
        ) : (
          <Stack spacing={3}>
            <StudentInformation student={student} />
            <PaymentStatusSection student={student} />
            <ProgramEnrollments student={student} />
            <PaymentHistory student={student} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {student && <SendEmailButton student={student} />}
        {student && (
          // The student's record page in the admin panel.
          <Button component={RouterLink} to={studentRecordPath(student.username)}>
            View Full Profile
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Opens the mail client, or says there is no address. */
function SendEmailButton({ student }: { student: StudentRecord }) {
  if (!student.email) return <Button onClick={() => window.alert(NO_EMAIL)}>Send Email</Button>;
  return (
    // Encoded so an address cannot add headers ("?cc=..."); "@" stays readable.
    <Button component="a" href={`mailto:${encodeURIComponent(student.email).replace('%40', '@')}`}>
      Send Email
    </Button>
  );
}
