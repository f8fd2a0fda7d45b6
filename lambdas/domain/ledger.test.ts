import { describe, expect, it } from 'vitest';
import { buildPaymentDetails, type Enrollment, type LedgerEntry } from './ledger.js';

const enroll = (programType: Enrollment['programType'], programId: string, nextDueDate: string | null = null): Enrollment => ({
  programType,
  programId,
  programName: programId.toUpperCase(),
  nextDueDate,
  enrolledAt: '2026-01-01T00:00:00Z',
});
let n = 0;
const entry = (kind: LedgerEntry['kind'], programType: LedgerEntry['programType'], programId: string, amountCents: number, extra: Partial<LedgerEntry> = {}): LedgerEntry => ({
  entryId: `e${++n}`,
  kind,
  programType,
  programId,
  amountCents,
  createdAt: `2026-02-${String(10 + n).padStart(2, '0')}T00:00:00Z`,
  ...extra,
});

describe('buildPaymentDetails', () => {
  it('puts each program in the list of its type, with due = charges - credits and paid = succeeded payments - refunds', () => {
    const details = buildPaymentDetails(
      [enroll('certificate', 'na'), enroll('diploma', 'pct'), enroll('associates', 'ma')],
      [
        entry('charge', 'certificate', 'na', 100_000),
        entry('credit', 'certificate', 'na', 10_000),
        entry('payment', 'certificate', 'na', 20_000, { status: 'succeeded' }),
        entry('payment', 'certificate', 'na', 5_000, { status: 'pending' }),
        entry('payment', 'certificate', 'na', 7_000, { status: 'failed' }),
        entry('refund', 'certificate', 'na', 1_000),
        entry('charge', 'diploma', 'pct', 33_333),
      ],
    );
    expect(details.certificate_courses[0]).toMatchObject({ amount_due: 900, amount_paid: 190 });
    expect(details.certificate_courses[0]!.payment_history).toHaveLength(3);
    expect(details.diploma_programs[0]).toMatchObject({ amount_due: 333.33, amount_paid: 0 });
    expect(details.associate_programs[0]).toMatchObject({ amount_due: 0, amount_paid: 0 });
  });

  it('lists payment history newest first with dollar amounts', () => {
    const details = buildPaymentDetails(
      [enroll('certificate', 'x')],
      [
        entry('payment', 'certificate', 'x', 1_234, { status: 'succeeded', createdAt: '2026-01-01T00:00:00Z', reference: 'old' }),
        entry('payment', 'certificate', 'x', 5_000, { status: 'succeeded', createdAt: '2026-03-01T00:00:00Z', reference: 'new' }),
      ],
    );
    expect(details.certificate_courses[0]!.payment_history.map((p) => [p.reference, p.amount])).toEqual([
      ['new', 50],
      ['old', 12.34],
    ]);
  });

  it('takes the earliest due date among programs that still owe money', () => {
    const details = buildPaymentDetails(
      [enroll('certificate', 'paid-off', '2026-01-01'), enroll('diploma', 'owes-later', '2026-12-01'), enroll('associates', 'owes-sooner', '2026-11-30')],
      [
        entry('charge', 'certificate', 'paid-off', 500),
        entry('payment', 'certificate', 'paid-off', 500, { status: 'succeeded' }),
        entry('charge', 'diploma', 'owes-later', 500),
        entry('charge', 'associates', 'owes-sooner', 500),
      ],
    );
    expect(details.next_due_date).toBe('2026-11-30');
  });

  it('has no due date and empty lists for a student with no enrollments', () => {
    expect(buildPaymentDetails([], [entry('charge', 'certificate', 'orphan', 100)])).toEqual({
      certificate_courses: [],
      diploma_programs: [],
      associate_programs: [],
      next_due_date: null,
    });
  });
});
