import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { balanceOf, dialogStatus } from '../../../../lambdas/domain/balance-status';
import { DataTable } from '#shared/components/DataTable';
import { Facts } from '#shared/components/Facts';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { PaymentStatusChip } from '#shared/components/PaymentStatusChip';
import type { StudentRecord } from '#contract/students';
import { formatCalendarDate } from '#shared/lib/dates';
import { formatDollars } from '#shared/lib/money';
import { fullName } from './cohortFormat';
import { NO_ENROLLMENTS } from './cohortMessages';
import { enrollmentGroups, latestPayments, programBalance, PAYMENT_HISTORY_SHOWN, type PaymentRow } from './studentDetail';

/** The four parts of the Student detail dialog, each a titled section. */

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `student-section-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function StudentInformation({ student }: { student: StudentRecord }) {
  return (
    <Section title="Student Information">
      <Facts
        facts={[
          ['Full Name', fullName(student)],
          ['Email', student.email || 'N/A'],
          ['Phone', student.phone_number || 'N/A'],
          ['Enrolled', student.created_at ? formatCalendarDate(student.created_at) : 'N/A'],
          ['Payment Plan', student.on_payment_plan ? 'Yes' : 'No'],
        ]}
      />
    </Section>
  );
}

/** The dialog's own thresholds (dialogStatus): exactly 500 is "Overdue" here, "Due" in the roster. */
export function PaymentStatusSection({ student }: { student: StudentRecord }) {
  const balance = balanceOf(student.payment_details);
  const status = dialogStatus(balance);
  const nextDue = student.payment_details?.next_due_date;
  return (
    <Section title="Payment Status">
      <Facts
        facts={[
          ['Outstanding Balance', formatDollars(balance)],
          ['Status', <Chip size="small" label={status.label} color={status.severity} />],
          ['Next Due Date', nextDue ? formatCalendarDate(nextDue) : 'None'],
        ]}
      />
    </Section>
  );
}

export function ProgramEnrollments({ student }: { student: StudentRecord }) {
  const groups = enrollmentGroups(student.payment_details);
  return (
    <Section title="Program Enrollments">
      {groups.length === 0 ? (
        <Typography>{NO_ENROLLMENTS}</Typography>
      ) : (
        groups.map((group) => (
          <Box key={group.title} sx={{ mb: 1 }}>
            <Typography variant="subtitle2" component="h4">
              {group.title}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {group.programs.map((program) => (
                <li key={program.id}>
                  {program.program_name}: balance {formatDollars(programBalance(program))} (due {formatDollars(program.amount_due)}, paid {formatDollars(program.amount_paid)})
                </li>
              ))}
            </Box>
          </Box>
        ))
      )}
    </Section>
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const PAYMENT_COLUMNS: ReadonlyArray<DataColumn<PaymentRow>> = [
  { header: 'Date', priority: 'title', nowrap: true, render: (payment) => formatCalendarDate(payment.date) },
  { header: 'Amount', nowrap: true, render: (payment) => formatDollars(payment.amount) },
  { header: 'Method', render: (payment) => capitalized(payment.method || 'card') },
  { header: 'Status', render: (payment) => <PaymentStatusChip status={payment.status} /> },
  { header: 'Reference', render: (payment) => payment.reference || 'N/A' },
];

export function PaymentHistory({ student }: { student: StudentRecord }) {
  const payments = latestPayments(student.payment_details);
  return (
    <Section title="Payment History">
      {payments.length === 0 ? (
        <Typography>No payments recorded</Typography>
      ) : (
        <DataTable
          label={`Latest ${PAYMENT_HISTORY_SHOWN} payments`}
          outlined={false}
          columns={PAYMENT_COLUMNS}
          rows={payments}
          rowKey={(payment) => `${payment.program_name}-${payment.id}`}
        />
      )}
    </Section>
  );
}
