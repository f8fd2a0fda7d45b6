import type { PaymentDetails, PaymentStatus, PaymentSummary, ProgramBalance } from '../../contract';
import { paymentMethodText } from '../../lib/paymentFormat';

/** Every program of a student, whichever of the three lists it is in. */
export const programsOf = (details: PaymentDetails | null | undefined): ProgramBalance[] =>
  details ? [...(details.certificate_courses ?? []), ...(details.diploma_programs ?? []), ...(details.associate_programs ?? [])] : [];

/** One program's balance, to the cent. */
export const programBalance = (program: Pick<ProgramBalance, 'amount_due' | 'amount_paid'>) =>
  Math.round((program.amount_due - program.amount_paid) * 100) / 100;

export interface LedgerRow {
  key: string;
  date: string;
  /** "Payment" (recorded against a program) or "Card payment" (a card attempt the ledger has no entry for). */
  entry: 'Payment' | 'Card payment';
  program: string;
  amount: number;
  method: string;
  status: PaymentStatus;
  reference: string;
}

const capitalized = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);

/**
 * The student's ledger, newest first: each program's payment history, plus the card payments
 * (GET /api/students/{username}/payments/) that no program records, such as failed or pending
 * attempts. A card payment that a program records is already there, once per program it paid.
 */
export function ledgerRows(details: PaymentDetails | null | undefined, cardPayments: readonly PaymentSummary[]): LedgerRow[] {
  const recorded = programsOf(details).flatMap((program) =>
    (program.payment_history ?? []).map(
      (entry): LedgerRow => ({
        key: `${program.program_type}#${program.id}#${entry.id}`,
        date: entry.date,
        entry: 'Payment',
        program: program.program_name,
        amount: entry.amount,
        method: capitalized(entry.method),
        status: entry.status,
        reference: entry.reference,
      }),
    ),
  );
  const references = new Set(recorded.map((row) => row.reference));
  const unrecorded = cardPayments
    .filter((payment) => !references.has(payment.payment_intent_id))
    .map(
      (payment): LedgerRow => ({
        key: `card#${payment.id}`,
        date: payment.created_at,
        entry: 'Card payment',
        program: payment.items.map((item) => item.program_name).join(', '),
        amount: payment.amount,
        method: paymentMethodText(payment),
        status: payment.status,
        reference: payment.payment_intent_id,
      }),
    );
  return [...recorded, ...unrecorded].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}
