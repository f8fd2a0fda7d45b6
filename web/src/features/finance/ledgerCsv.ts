import type { PaymentSummary } from '#contract/payments';
import { csvNumber, toCsv } from '#shared/lib/csv';
import { localIsoDate } from '#shared/lib/dates';
import { PAYMENT_STATUS_LABEL, paymentMethodText, paymentProgramsText } from '#shared/lib/paymentFormat';

const COLUMNS = ['Date', 'Payment ID', 'Username', 'Student', 'Programs', 'Amount', 'Refunded', 'Status', 'Method', 'Stripe Reference', 'Excess Refund'];

/**
 * The loaded ledger rows as CSV; amounts as plain numbers with two decimals, written raw (our own
 * formatting, so a negative amount stays a number), for spreadsheets. New
 * columns go at the end, so spreadsheets built on the old ones keep working.
 */
export function ledgerCsv(payments: readonly PaymentSummary[]): string {
  const rows = payments.map((p) => [
    p.created_at,
    p.id,
    p.username,
    p.student_name,
    paymentProgramsText(p),
    csvNumber(p.amount, 2),
    csvNumber(p.amount_refunded, 2),
    PAYMENT_STATUS_LABEL[p.status] ?? p.status,
    paymentMethodText(p),
    p.payment_intent_id,
    excessRefundCell(p),
  ]);
  return toCsv(COLUMNS, rows);
}

/** "500.00 refunded" or "500.00 requested" for an overpayment's excess refund; empty otherwise. */
const excessRefundCell = (p: PaymentSummary) => (p.excess_refund ? `${p.excess_refund.amount.toFixed(2)} ${p.excess_refund.status}` : '');

/** "payments-2026-03-01.csv": named with today's date, like the cohort export. */
export const ledgerCsvFileName = (now = new Date()) => `payments-${localIsoDate(now)}.csv`;
