import type { StudentRecord } from '#contract/students';
import { formatCalendarDate } from '#shared/lib/dates';
import { PROGRAM_TYPE_LABEL } from '#shared/lib/programs';
import { Facts } from '#shared/components/Facts';
import { RecordSection } from './RecordSection';
import { fullName } from './studentFilters';

interface Props {
  student: StudentRecord;
  cohortName: string;
  /** Unknown until the list answers. */
  signInEnabled: boolean | undefined;
}

export function ProfileSection({ student, cohortName, signInEnabled }: Props) {
  return (
    <RecordSection title="Profile">
      <Facts
        facts={[
          ['Full Name', fullName(student)],
          ['Username', student.username],
          ['Email', student.email || 'N/A'],
          ['Phone', student.phone_number || 'N/A'],
          ['Program', student.program ?? 'N/A'],
          ['Program Type', student.program_type ? PROGRAM_TYPE_LABEL[student.program_type] : 'N/A'],
          ['Cohort', cohortName],
          ['Payment Plan', student.on_payment_plan ? 'Yes' : 'No'],
          ['Enrolled', student.created_at ? formatCalendarDate(student.created_at) : 'N/A'],
          ['Sign-in', signInEnabled === undefined ? '...' : signInEnabled ? 'Enabled' : 'Disabled'],
        ]}
      />
    </RecordSection>
  );
}
