import { describe, expect, it } from 'vitest';
import type { PaymentDetails } from '../contract/students.js';
import { balanceOf, csvPaymentStatus, dialogStatus, isPaidStudent, rosterStatus } from './balance-status.js';

const details = (due: number, paid: number): PaymentDetails => ({
  certificate_courses: [{ id: 'a', program_type: 'certificate', program_name: 'A', amount_due: due, amount_paid: paid, next_due_date: null, payment_history: [] }],
  diploma_programs: [],
  associate_programs: [],
  next_due_date: null,
});

describe('balance status rules', () => {
  it('roster: 0 Current, above 500 Overdue, otherwise Due (500 exactly is Due)', () => {
    expect([0, 0.01, 499.99, 500, 500.01].map(rosterStatus)).toEqual(['Current', 'Due', 'Due', 'Due', 'Overdue']);
  });

  it('dialog: 0 Account Current, below 500 Payment Due, 500 or more Overdue (500 exactly is Overdue)', () => {
    expect([0, 0.01, 499.99, 500, 1000].map((b) => dialogStatus(b).label)).toEqual(['Account Current', 'Payment Due', 'Payment Due', 'Overdue', 'Overdue']);
    expect(dialogStatus(500).severity).toBe('error');
  });

  it('paid students: balance 0 or below; no payment details is unpaid', () => {
    expect(isPaidStudent(details(100, 100))).toBe(true);
    expect(isPaidStudent(details(100, 150))).toBe(true);
    expect(isPaidStudent(details(100, 99.99))).toBe(false);
    expect(isPaidStudent(null)).toBe(false);
  });

  it('sums due minus paid over the three lists in cents, accepting total_due/total_paid', () => {
    const d = details(0.3, 0.1);
    d.diploma_programs.push({ total_due: 10, total_paid: 2.5 } as never);
    expect(balanceOf(d)).toBe(7.7);
    expect(csvPaymentStatus(0)).toBe('Paid');
    expect(csvPaymentStatus(-5)).toBe('Outstanding');
  });
});
