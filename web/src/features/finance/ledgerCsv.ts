import Papa from 'papaparse';
import type { PaymentSummary } from '../../contract';
import { localIsoDate } from '../../lib/dates';
import { PAYMENT_STATUS_LABEL, paymentMethodText, paymentProgramsText } from '../../lib/paymentFormat';

const COLUMNS = ['Date', 'Payment ID', 'Username', 'Student', 'Programs', 'Amount', 'Refunded', 'Status', 'Method', 'Stripe Reference'];

/** The loaded ledger rows as CSV; amounts as plain numbers with two decimals, for spreadsheets. */
export function ledgerCsv(payments: readonly PaymentSummary[]): string {
  const rows = payments.map((p) => [
    p.created_at,
    p.id,
    p.username,
    p.student_name,
    paymentProgramsText(p),
    p.amount.toFixed(2),
    p.amount_refunded.toFixed(2),
    PAYMENT_STATUS_LABEL[p.status] ?? p.status,
    paymentMethodText(p),
    p.payment_intent_id,
  ]);
  // escapeFormulae: a name such as "=HYPERLINK(...)" must stay text in a spreadsheet.
  return Papa.unparse({ fields: COLUMNS, data: rows }, { escapeFormulae: true });
}

/** "payments-2026-03-01.csv": named with today's date, like the cohort export. */
export const ledgerCsvFileName = (now = new Date()) => `payments-${localIsoDate(now)}.csv`;

/** Hands the CSV to the browser as a download. */
export function downloadCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
