import type { StudentRecord } from '#contract/students';
import { formatCalendarDate } from '#shared/lib/dates';
import { formatDollars } from '#shared/lib/money';
import { PROGRAM_TYPE_LABEL } from '#shared/lib/programs';
import { RecordSection } from './RecordSection';
import { RecordTable } from './RecordTable';
import { programBalance, programsOf } from './studentLedger';

const COLUMNS = ['Program Type', 'Program', 'Amount Due', 'Amount Paid', 'Balance', 'Next Due Date'];
const AMOUNTS = ['Amount Due', 'Amount Paid', 'Balance'];

/** Each program the student is enrolled in, with what is charged, paid and still owed. */
export function EnrollmentsSection({ student }: { student: StudentRecord }) {
  const programs = programsOf(student.payment_details);
  const rows = programs.map((program) => ({
    key: `${program.program_type}#${program.id}`,
    cells: [
      PROGRAM_TYPE_LABEL[program.program_type] ?? program.program_type,
      program.program_name,
      formatDollars(program.amount_due),
      formatDollars(program.amount_paid),
      formatDollars(programBalance(program)),
      program.next_due_date ? formatCalendarDate(program.next_due_date) : 'None',
    ],
  }));
  return (
    <RecordSection title="Enrollments">
      <RecordTable label="Enrollments" columns={COLUMNS} numeric={AMOUNTS} rows={rows} empty="No program enrollments found" />
    </RecordSection>
  );
}
