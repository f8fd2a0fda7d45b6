import type { PaymentStatus, PaymentSummary } from '#contract/payments';
import type { LedgerEntryView, PaymentDetails, ProgramBalance } from '#contract/students';
import { paymentMethodText } from '#shared/lib/paymentFormat';

/** Every program of a student, whichever of the three lists it is in. */
export const programsOf = (details: PaymentDetails | null | undefined): ProgramBalance[] =>
  details ? [...(details.certificate_courses ?? []), ...(details.diploma_programs ?? []), ...(details.associate_programs ?? [])] : [];

/** One program's balance, to the cent. */
export const programBalance = (program: Pick<ProgramBalance, 'amount_due' | 'amount_paid'>) => Math.round((program.amount_due - program.amount_paid) * 100) / 100;

export interface LedgerRow {
  key: string;
  date: string;
  /** A ledger entry's kind, or "Card payment" for a card attempt the ledger has no entry for. */
  entry: 'Charge' | 'Credit' | 'Payment' | 'Refund' | 'Card payment';
  program: string;
  amount: number;
  /** The admin's reason for a charge or credit. */
  reason: string;
  method: string;
  status: PaymentStatus | null;
  reference: string;
}

const capitalized = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);

const ENTRY_LABEL: Record<LedgerEntryView['kind'], LedgerRow['entry']> = { charge: 'Charge', credit: 'Credit', payment: 'Payment', refund: 'Refund' };

/**
 * The student's ledger, newest first: every immutable entry of the record (charges and credits with
 * their reasons, payments, refunds), plus the card payments (GET /api/students/{username}/payments/)
 * that the ledger does not record, such as failed or pending attempts.
 */
export function ledgerRows(entries: readonly LedgerEntryView[], cardPayments: readonly PaymentSummary[]): LedgerRow[] {
  const recorded = entries.map((entry): LedgerRow => ({
    key: `${entry.program_type}#${entry.program_id}#${entry.id}`,
    date: entry.date,
    entry: ENTRY_LABEL[entry.kind],
    program: entry.program_name ?? entry.program_id,
    amount: entry.amount,
    reason: entry.reason ?? '',
    method: capitalized(entry.method ?? ''),
    status: entry.status,
    reference: entry.reference ?? '',
  }));
  const references = new Set(recorded.map((row) => row.reference).filter(Boolean));
  const unrecorded = cardPayments
    .filter((payment) => !references.has(payment.payment_intent_id))
    .map((payment): LedgerRow => ({
      key: `card#${payment.id}`,
      date: payment.created_at,
      entry: 'Card payment',
      program: payment.items.map((item) => item.program_name).join(', '),
      amount: payment.amount,
      reason: '',
      method: paymentMethodText(payment),
      status: payment.status,
      reference: payment.payment_intent_id,
    }));
  return [...recorded, ...unrecorded].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}
