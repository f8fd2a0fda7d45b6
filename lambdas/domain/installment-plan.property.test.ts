/**
 * A schedule adds up to the balance to the cent for any balance, down payment, number of installments, day of the month
 * and start day: the parts are never negative, only the last installment carries leftover cents, and the due dates
 * strictly increase, each installment on the template's day of the month.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './compliance.js';
import { computeSchedule, reamortize, type Installment, type PlanTemplate } from './installment-plan.js';

const day = fc.integer({ min: 0, max: 3_650 }).map((n) => addDays('2026-01-01', n));

const templateArb: fc.Arbitrary<PlanTemplate> = fc.record({
  id: fc.constant('t'),
  name: fc.constant('T'),
  downPaymentPercent: fc.integer({ min: 0, max: 90 }),
  installments: fc.integer({ min: 1, max: 24 }),
  dayOfMonth: fc.integer({ min: 1, max: 28 }),
  setupFeeCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10_000 })),
  graceDays: fc.integer({ min: 0, max: 60 }),
  lateFeeCents: fc.integer({ min: 0, max: 5_000 }),
  returnedPaymentFeeCents: fc.integer({ min: 0, max: 5_000 }),
  programTypes: fc.constant(['diploma' as const]),
  active: fc.constant(true),
});

describe('computeSchedule', () => {
  it('adds up to the balance, never negative, leftover only on the last, dates increasing on dayOfMonth', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), templateArb, day, (balanceCents, template, startDay) => {
        const schedule = computeSchedule({ balanceCents, template, startDay });
        expect(schedule.reduce((n, s) => n + s.amountCents, 0) - template.setupFeeCents).toBe(balanceCents);
        for (const s of schedule) {
          expect(Number.isInteger(s.amountCents)).toBe(true);
          expect(s.amountCents).toBeGreaterThanOrEqual(0);
        }
        const installments = schedule.filter((s) => s.kind === 'installment');
        expect(installments.map((s) => s.seq)).toEqual(Array.from({ length: template.installments }, (_, i) => i + 1));
        const base = installments[0]!.amountCents;
        for (const s of installments.slice(0, -1)) expect(s.amountCents).toBe(base);
        expect(installments.at(-1)!.amountCents - base).toBeGreaterThanOrEqual(0);
        expect(installments.at(-1)!.amountCents - base).toBeLessThan(template.installments);
        for (let i = 1; i < schedule.length; i++) expect(schedule[i]!.dueOn > schedule[i - 1]!.dueOn).toBe(true);
        for (const s of installments) expect(Number(s.dueOn.slice(8, 10))).toBe(template.dayOfMonth);
        expect(daysBetween(startDay, installments[0]!.dueOn)).toBeGreaterThanOrEqual(14);
        expect(daysBetween(startDay, installments[0]!.dueOn)).toBeLessThan(14 + 31);
        const down = schedule.find((s) => s.kind === 'down_payment');
        if (down) expect(down).toMatchObject({ seq: 0, dueOn: startDay });
        else expect(Math.floor((balanceCents * template.downPaymentPercent) / 100) + template.setupFeeCents).toBe(0);
      }),
      { numRuns: 1_000 },
    );
  }, 30_000);

  it('reamortize spreads exactly the new balance and leaves paid and processing installments alone', () => {
    const statuses = fc.constantFrom<Installment['status']>('scheduled', 'processing', 'action_needed', 'paid', 'past_due', 'cancelled');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        templateArb,
        day,
        fc.array(statuses, { minLength: 25, maxLength: 25 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (balanceCents, template, startDay, picks, newBalance) => {
          const installments: Installment[] = computeSchedule({ balanceCents, template, startDay }).map((s, i) => ({
            ...s,
            status: picks[i]!,
            attempts: [],
            lateFee: null,
            returnedFees: [],
          }));
          const next = reamortize({ installments, dayOfMonth: template.dayOfMonth }, newBalance, addDays(startDay, 40));
          const open = next.filter((i) => ['scheduled', 'action_needed', 'past_due'].includes(i.status));
          expect(open.reduce((n, i) => n + i.amountCents, 0)).toBe(newBalance);
          for (const i of open) expect(i.amountCents).toBeGreaterThanOrEqual(0);
          for (const before of installments.filter((i) => i.status === 'paid' || i.status === 'processing')) {
            expect(next.find((i) => i.seq === before.seq)).toEqual(before);
          }
          expect(new Set(next.map((i) => i.seq)).size).toBe(next.length);
        },
      ),
      { numRuns: 300 },
    );
  }, 30_000);
});
