import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { brand } from '#shared/brand';
import type { PaymentSummary } from '#contract/payments';
import { formatDateTime } from '#shared/lib/dates';
import { formatDollars } from '#shared/lib/money';
import { PAYMENT_STATUS_LABEL, paymentMethodText } from '#shared/lib/paymentFormat';
import { PROGRAM_TYPE_LABEL } from '#shared/lib/programs';
import { ColumnHeads } from '#shared/components/ColumnHeads';

/** The receipt itself: school, student, date, amount, programs with amounts, method, Stripe reference, status. */
export function PaymentReceipt({ payment }: { payment: PaymentSummary }) {
  return (
    <Box component="article" aria-labelledby="receipt-title">
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {brand.collegeName}
      </Typography>
      <Typography id="receipt-title" variant="h4" component="h1" sx={{ mt: 1, mb: 3 }}>
        Payment Receipt
      </Typography>
      <Box component="dl" sx={facts}>
        {/* The server may number payments by their intent id; then the Stripe reference below says it all. */}
        {payment.id !== payment.payment_intent_id && <Fact label="Receipt number">{payment.id}</Fact>}
        <Fact label="Student">{payment.student_name ? `${payment.student_name} (${payment.username})` : payment.username}</Fact>
        <Fact label="Date">{formatDateTime(payment.created_at)}</Fact>
        <Fact label="Amount">{formatDollars(payment.amount)}</Fact>
        {payment.amount_refunded > 0 && <Fact label="Refunded">{formatDollars(payment.amount_refunded)}</Fact>}
        <Fact label="Payment method">{paymentMethodText(payment)}</Fact>
        <Fact label="Stripe reference">{payment.payment_intent_id}</Fact>
        <Fact label="Status">{PAYMENT_STATUS_LABEL[payment.status] ?? payment.status}</Fact>
      </Box>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        Programs
      </Typography>
      <Box component="table" sx={programsTable}>
        <ColumnHeads names={['Program', 'Type', 'Amount']} />
        <tbody>
          {payment.items.map((item) => (
            <tr key={`${item.program_type}-${item.program_id}`}>
              <td>{item.program_name}</td>
              <td>{PROGRAM_TYPE_LABEL[item.program_type] ?? item.program_type}</td>
              <td>{formatDollars(item.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td>{formatDollars(payment.amount)}</td>
          </tr>
        </tfoot>
      </Box>
      {payment.status !== 'succeeded' && payment.status !== 'refunded' && payment.status !== 'partially_refunded' && (
        <Typography sx={{ mt: 3 }} color="text.secondary">
          This payment has not been completed; it is not a proof of payment.
        </Typography>
      )}
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </>
  );
}

const facts = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '12rem 1fr' }, columnGap: 2, rowGap: 1, m: 0 } as const;

const programsTable = {
  width: '100%',
  borderCollapse: 'collapse',
  '& th, & td': { textAlign: 'left', py: 1, borderBottom: 1, borderColor: 'divider' },
  '& td:last-of-type, & th:last-of-type': { textAlign: 'right' },
  '& tfoot th, & tfoot td': { fontWeight: 700, borderBottom: 0 },
} as const;
