import { describe, expect, it } from 'vitest';
import { activeHolds, blocksAction, DEFAULT_HOLD_RULES, NEVER_BLOCKED, type HoldInput, type HoldRules } from './financial-holds.js';
import type { Enrollment, LedgerEntry } from './ledger.js';
import type { Installment } from './plan-collection.js';

const PN: Enrollment = { programType: 'diploma', programId: 'pn', programName: 'Practical Nursing', nextDueDate: '2027-01-15', enrolledAt: '2026-09-01T00:00:00Z' };
const NA: Enrollment = { programType: 'certificate', programId: 'na', programName: 'Nursing Assistant', nextDueDate: '2027-01-15', enrolledAt: '2026-09-01T00:00:00Z' };

const charge = (e: Enrollment, amountCents: number): LedgerEntry => ({
  entryId: `charge-${e.programId}`,
  kind: 'charge',
  programType: e.programType,
  programId: e.programId,
  amountCents,
  createdAt: '2026-09-01T00:00:00Z',
});
const payment = (e: Enrollment, amountCents: number): LedgerEntry => ({
  entryId: `pay-${e.programId}-${amountCents}`,
  kind: 'payment',
  programType: e.programType,
  programId: e.programId,
  amountCents,
  createdAt: '2027-03-01T00:00:00Z',
  status: 'succeeded',
});

const inst = (seq: number, dueOn: string, amountCents: number, status: Installment['status']): Installment => ({
  seq,
  dueOn,
  amountCents,
  kind: 'installment',
  status,
  attempts: [],
  lateFee: null,
  returnedFees: [],
});

const input = (over: Partial<HoldInput> = {}): HoldInput => ({
  enrollments: [PN],
  entries: [charge(PN, 100_000)],
  plans: [],
  rules: DEFAULT_HOLD_RULES,
  today: '2027-03-01',
  va: { beneficiary: false, paymentPending: false },
  ...over,
});

describe('activeHolds: installments past due', () => {
  const plan = (status: Installment['status']) => ({
    programName: 'Practical Nursing',
    status: status === 'past_due' ? ('past_due' as const) : ('active' as const),
    installments: [inst(1, '2027-01-01', 25_000, 'paid'), inst(2, '2027-02-01', 25_000, status), inst(3, '2027-03-01', 25_000, 'scheduled')],
  });

  it('turns on more than 14 days after the due date, in words the student can act on, and off once paid', () => {
    expect(activeHolds(input({ plans: [plan('past_due')], today: '2027-02-15' }))).toEqual([]);
    expect(activeHolds(input({ plans: [plan('past_due')], today: '2027-02-16' }))).toEqual([
      {
        kind: 'installment_past_due',
        programName: 'Practical Nursing',
        amountCents: 25_000,
        since: '2027-02-01',
        reason: 'Installment of $250.00 for Practical Nursing past due since 1 Feb 2027',
        howToClear: 'Pay the $250.00 past due from My Bill; the hold lifts as soon as the payment is confirmed.',
        blocks: ['plan_enrollment', 'clinical_clearance'],
      },
    ]);
    expect(activeHolds(input({ plans: [plan('paid')], today: '2027-02-16' }))).toEqual([]);
  });

  it('holds one plan once, for its whole arrears, since the oldest past-due installment', () => {
    const twoLate = {
      programName: 'Practical Nursing',
      status: 'past_due' as const,
      installments: [inst(1, '2027-01-01', 25_000, 'past_due'), inst(2, '2027-02-01', 30_000, 'past_due')],
    };
    const holds = activeHolds(input({ plans: [twoLate], today: '2027-02-10' }));
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({ amountCents: 55_000, since: '2027-01-01', reason: '2 installments of $550.00 for Practical Nursing past due since 1 Jan 2027' });
  });

  it('blocks only what the rules turn on', () => {
    const rules: HoldRules = { ...DEFAULT_HOLD_RULES, blocks: { planEnrollment: false, clinicalClearance: true } };
    const holds = activeHolds(input({ plans: [plan('past_due')], rules, today: '2027-03-01' }));
    expect(holds[0]!.blocks).toEqual(['clinical_clearance']);
    expect(blocksAction(holds, 'clinical_clearance')).toEqual(holds);
    expect(blocksAction(holds, 'plan_enrollment')).toEqual([]);
  });

  it('is never placed on paying, the bill, records or transcripts', () => {
    expect(NEVER_BLOCKED).toEqual(expect.arrayContaining(['paying', 'viewing the bill', 'transcripts']));
  });
});

describe('activeHolds: balance past due', () => {
  it('holds $500.00 or more owed more than 30 days after the due date, and lifts when enough is paid', () => {
    expect(activeHolds(input({ today: '2027-02-14' }))).toEqual([]); // exactly 30 days
    expect(activeHolds(input({ today: '2027-02-15' }))).toEqual([
      {
        kind: 'balance_past_due',
        programName: 'Practical Nursing',
        amountCents: 100_000,
        since: '2027-01-15',
        reason: 'Balance of $1,000.00 for Practical Nursing past due since 15 Jan 2027',
        howToClear: 'Pay the $1,000.00 owed from My Bill; the hold lifts as soon as the payment is confirmed.',
        blocks: ['plan_enrollment', 'clinical_clearance'],
      },
    ]);
    expect(activeHolds(input({ entries: [charge(PN, 100_000), payment(PN, 50_000)] }))).toMatchObject([{ amountCents: 50_000 }]);
    expect(activeHolds(input({ entries: [charge(PN, 100_000), payment(PN, 50_001)] }))).toEqual([]); // $499.99 is under the threshold
    expect(activeHolds(input({ rules: { ...DEFAULT_HOLD_RULES, balancePastDue: null } }))).toEqual([]);
  });

  it('does not hold a program a collecting plan covers: the plan rule decides; a cancelled plan covers nothing', () => {
    const onTime = {
      programName: 'Practical Nursing',
      status: 'active' as const,
      installments: [inst(1, '2027-02-01', 50_000, 'paid'), inst(2, '2027-03-01', 50_000, 'scheduled')],
    };
    const both = input({ enrollments: [PN, NA], entries: [charge(PN, 100_000), charge(NA, 60_000)], plans: [onTime] });
    expect(activeHolds(both).map((h) => [h.kind, h.programName])).toEqual([['balance_past_due', 'Nursing Assistant']]);
    const late = { ...onTime, status: 'past_due' as const, installments: [inst(1, '2027-02-01', 50_000, 'past_due'), inst(2, '2027-03-01', 50_000, 'scheduled')] };
    expect(activeHolds({ ...both, plans: [late] }).map((h) => [h.kind, h.programName])).toEqual([
      ['installment_past_due', 'Practical Nursing'],
      ['balance_past_due', 'Nursing Assistant'],
    ]);
    expect(activeHolds({ ...both, plans: [{ ...late, status: 'cancelled' }] }).map((h) => [h.kind, h.programName])).toEqual([
      ['balance_past_due', 'Practical Nursing'],
      ['balance_past_due', 'Nursing Assistant'],
    ]);
  });
});

describe('activeHolds: VA benefits (38 U.S.C. 3679(e))', () => {
  it('places no hold at all while a VA payment is pending', () => {
    const late = { programName: 'Practical Nursing', status: 'past_due' as const, installments: [inst(1, '2027-01-01', 25_000, 'past_due')] };
    const va = { beneficiary: true, paymentPending: true };
    expect(activeHolds(input({ plans: [late], va, enrollments: [PN, NA], entries: [charge(PN, 100_000), charge(NA, 90_000)] }))).toEqual([]);
    expect(activeHolds(input({ plans: [late], va: { beneficiary: true, paymentPending: false } }))).toHaveLength(1);
  });
});
