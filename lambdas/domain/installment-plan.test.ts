import { describe, expect, it } from 'vitest';
import { computeSchedule, firstDueOn, reamortize, scheduleProblem, templateAllows, type Installment, type PlanTemplate } from './installment-plan.js';

const template = (over: Partial<PlanTemplate> = {}): PlanTemplate => ({
  id: 't1',
  name: 'Three months',
  downPaymentPercent: 0,
  installments: 3,
  dayOfMonth: 1,
  setupFeeCents: 0,
  graceDays: 10,
  lateFeeCents: 2_500,
  returnedPaymentFeeCents: 3_000,
  programTypes: ['diploma'],
  active: true,
  ...over,
});

const amounts = (s: Array<{ amountCents: number }>) => s.map((i) => i.amountCents);

describe('computeSchedule', () => {
  it('splits $100.00 over 3 installments as 33.33, 33.33, 33.34, with no down payment at 0% and no fee', () => {
    const schedule = computeSchedule({ balanceCents: 10_000, template: template(), startDay: '2027-01-10' });
    expect(schedule).toEqual([
      { seq: 1, dueOn: '2027-02-01', amountCents: 3_333, kind: 'installment' },
      { seq: 2, dueOn: '2027-03-01', amountCents: 3_333, kind: 'installment' },
      { seq: 3, dueOn: '2027-04-01', amountCents: 3_334, kind: 'installment' },
    ]);
    expect(scheduleProblem(schedule)).toBeNull();
  });

  it('splits $0.07 over 2 as 3 and 4 cents, which scheduleProblem refuses in words', () => {
    const schedule = computeSchedule({ balanceCents: 7, template: template({ installments: 2 }), startDay: '2027-01-10' });
    expect(amounts(schedule)).toEqual([3, 4]);
    expect(scheduleProblem(schedule)).toBe('Each payment must be at least $0.50: $0.07 over 2 installments is too small.');
  });

  it('puts the down payment (rounded down) and the setup fee on seq 0, due the start day', () => {
    const schedule = computeSchedule({ balanceCents: 123_457, template: template({ downPaymentPercent: 15, installments: 4, setupFeeCents: 2_500 }), startDay: '2027-01-10' });
    // 15% of 1,234.57 is 185.1855: 185.18 down, 1,049.39 left in 4 parts of 262.34 and 262.37
    expect(schedule[0]).toEqual({ seq: 0, dueOn: '2027-01-10', amountCents: 18_518 + 2_500, kind: 'down_payment' });
    expect(amounts(schedule.slice(1))).toEqual([26_234, 26_234, 26_234, 26_237]);
    expect(amounts(schedule).reduce((a, b) => a + b, 0) - 2_500).toBe(123_457);
  });

  it('keeps seq 0 for a setup fee alone, and a 1-installment plan owes it all at once', () => {
    expect(computeSchedule({ balanceCents: 99_999, template: template({ installments: 1, setupFeeCents: 1_000 }), startDay: '2027-01-10' })).toEqual([
      { seq: 0, dueOn: '2027-01-10', amountCents: 1_000, kind: 'down_payment' },
      { seq: 1, dueOn: '2027-02-01', amountCents: 99_999, kind: 'installment' },
    ]);
  });

  it('refuses a down payment under the minimum, and a balance of nothing', () => {
    const schedule = computeSchedule({ balanceCents: 1_000, template: template({ downPaymentPercent: 1 }), startDay: '2027-01-10' });
    expect(scheduleProblem(schedule)).toBe('Each payment must be at least $0.50: a down payment of $0.10 is too small.');
    expect(() => computeSchedule({ balanceCents: 0, template: template(), startDay: '2027-01-10' })).toThrow(RangeError);
    expect(() => computeSchedule({ balanceCents: 100, template: template({ dayOfMonth: 31 }), startDay: '2027-01-10' })).toThrow(RangeError);
  });
});

describe('firstDueOn', () => {
  it('is the first dayOfMonth at least 14 days after the start', () => {
    expect(firstDueOn('2027-01-10', 24)).toBe('2027-01-24'); // exactly 14 days
    expect(firstDueOn('2027-01-10', 23)).toBe('2027-02-23');
    expect(firstDueOn('2027-12-20', 1)).toBe('2028-02-01'); // 3 Jan is the earliest: 1 Jan is too soon
    expect(firstDueOn('2027-12-10', 28)).toBe('2027-12-28');
    expect(firstDueOn('2028-02-10', 28)).toBe('2028-02-28');
  });
});

describe('templateAllows', () => {
  it('offers an active template to the program types it lists', () => {
    expect(templateAllows(template(), 'diploma')).toBe(true);
    expect(templateAllows(template(), 'certificate')).toBe(false);
    expect(templateAllows(template({ active: false }), 'diploma')).toBe(false);
  });
});

describe('reamortize', () => {
  const inst = (seq: number, dueOn: string, amountCents: number, status: Installment['status']): Installment => ({
    seq,
    dueOn,
    amountCents,
    kind: seq === 0 ? 'down_payment' : 'installment',
    status,
    attempts: [],
    lateFee: null,
    returnedFees: [],
  });

  it('keeps paid and processing installments and spreads the new balance over the rest, the leftover cent last', () => {
    const installments = [
      inst(1, '2027-02-01', 3_333, 'paid'),
      inst(2, '2027-03-01', 3_333, 'processing'),
      inst(3, '2027-04-01', 3_334, 'scheduled'),
      inst(4, '2027-05-01', 3_334, 'past_due'),
    ];
    const next = reamortize({ installments, dayOfMonth: 1 }, 10_001, '2027-03-02');
    expect(next.slice(0, 2)).toEqual(installments.slice(0, 2));
    expect(next.slice(2).map((i) => [i.dueOn, i.amountCents, i.status])).toEqual([
      ['2027-04-01', 5_000, 'scheduled'],
      ['2027-05-01', 5_001, 'past_due'],
    ]);
  });

  it('adds one installment on the next dayOfMonth at least 14 days away when none is left to spread over', () => {
    const installments = [inst(1, '2027-02-01', 5_000, 'paid'), inst(2, '2027-03-01', 5_000, 'paid')];
    const next = reamortize({ installments, dayOfMonth: 5 }, 2_500, '2027-03-25');
    expect(next).toHaveLength(3);
    expect(next[2]).toMatchObject({ seq: 3, dueOn: '2027-05-05', amountCents: 2_500, status: 'scheduled', attempts: [] });
  });

  it('cancels what is left when nothing more is owed', () => {
    const installments = [inst(1, '2027-02-01', 5_000, 'paid'), inst(2, '2027-03-01', 5_000, 'scheduled')];
    expect(reamortize({ installments, dayOfMonth: 1 }, 0, '2027-02-10')[1]).toMatchObject({ status: 'cancelled', amountCents: 0 });
  });
});
