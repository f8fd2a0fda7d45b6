import { describe, expect, it } from 'vitest';
import { pause, reschedule, resume, waiveLateFee } from './plan-changes.js';
import { MAX_ATTEMPTS_WITH_PAY_NOW, payNowTarget } from './plan-collection.js';
import { inst as scheduled } from './testing/installments.js';

const inst = (seq: number, dueOn: string, over: Parameters<typeof scheduled>[3] = {}) => scheduled(seq, dueOn, 10_000, over);

const declined = (n: number) => ({ n, on: '2027-01-01', intentId: `pi_${n}`, outcome: 'declined' as const });

describe('pause and resume', () => {
  it('pauses an active or past-due plan only, and resumes to the status its installments give', () => {
    expect(pause('active')).toEqual({ ok: true, value: 'paused' });
    expect(pause('past_due')).toEqual({ ok: true, value: 'paused' });
    expect(pause('paused')).toEqual({ ok: false, message: 'This plan is paused: only an active or past-due plan can be paused' });
    expect(pause('completed').ok).toBe(false);
    expect(resume('paused', [inst(1, '2027-01-05', { status: 'past_due' })])).toEqual({ ok: true, value: 'past_due' });
    expect(resume('paused', [inst(1, '2027-01-05')])).toEqual({ ok: true, value: 'active' });
    expect(resume('active', []).ok).toBe(false);
  });
});

describe('reschedule', () => {
  const plan = [inst(0, '2027-01-02', { status: 'paid' }), inst(1, '2027-02-05', { status: 'past_due', attempts: [declined(1)] }), inst(2, '2027-03-05'), inst(3, '2027-04-05')];
  it('moves only the payments not yet tried to monthly dates from the first, keeping the others', () => {
    const moved = reschedule(plan, '2027-03-20', '2027-03-01');
    expect(moved.ok && moved.value.installments.map((i) => i.dueOn)).toEqual(['2027-01-02', '2027-02-05', '2027-03-20', '2027-04-20']);
    expect(moved.ok && moved.value.moved).toEqual([2, 3]);
  });
  it('refuses a first date not after today, or on a day some months lack, or a plan with nothing to move', () => {
    expect(reschedule(plan, '2027-03-01', '2027-03-01')).toEqual({ ok: false, field: 'first_due_on', message: 'first_due_on: must be after today' });
    expect(reschedule(plan, '2027-03-29', '2027-03-01').ok).toBe(false);
    expect(reschedule([inst(1, '2027-02-05', { status: 'paid' })], '2027-03-10', '2027-03-01')).toEqual({ ok: false, message: 'This plan has no payments left that can be moved' });
  });
});

describe('waiveLateFee', () => {
  const waived = { by: 'fin', reason: 'Bank error', on: '2027-02-20' };
  it('keeps who, why and when on the fee, once', () => {
    const withFee = [inst(1, '2027-02-05', { status: 'past_due', lateFee: { entryId: 'late-1', postedOn: '2027-02-16' } })];
    const once = waiveLateFee(withFee, 1, waived);
    expect(once.ok && once.value[0]!.lateFee).toEqual({ entryId: 'late-1', postedOn: '2027-02-16', waived });
    expect(once.ok && waiveLateFee(once.value, 1, waived)).toEqual({ ok: false, field: 'seq', message: 'seq: the late fee of payment 1 was already waived' });
    expect(waiveLateFee([inst(1, '2027-02-05')], 1, waived)).toEqual({ ok: false, field: 'seq', message: 'seq: payment 1 has no late fee' });
    expect(waiveLateFee(withFee, 7, waived)).toEqual({ ok: false, field: 'seq', message: 'seq: this plan has no payment 7' });
  });
});

describe('payNowTarget', () => {
  it('completes a payment waiting for the student first, else charges the earliest open one as its next attempt', () => {
    const waiting = inst(2, '2027-03-05', { status: 'action_needed', attempts: [{ n: 1, on: '2027-03-05', intentId: 'pi_3ds', outcome: 'authentication_required' }] });
    expect(payNowTarget({ status: 'active', installments: [inst(1, '2027-02-05', { status: 'past_due', attempts: [declined(1)] }), waiting] })).toEqual({
      kind: 'complete',
      seq: 2,
      attempt: 1,
      intentId: 'pi_3ds',
      amountCents: 10_000,
    });
    expect(payNowTarget({ status: 'paused', installments: [inst(0, '2027-01-02', { status: 'paid' }), inst(1, '2027-02-05', { attempts: [declined(1)] })] })).toEqual({
      kind: 'charge',
      seq: 1,
      attempt: 2,
      amountCents: 10_000,
    });
  });
  it('never pays a processing or paid payment, a finished plan, or an installment tried too often', () => {
    expect(payNowTarget({ status: 'active', installments: [inst(1, '2027-02-05', { status: 'processing' })] }, 1)).toEqual({
      kind: 'refused',
      message: 'Payment 1 is being processed: it shows as paid once the bank confirms it',
    });
    expect(payNowTarget({ status: 'completed', installments: [] }).kind).toBe('refused');
    expect(payNowTarget({ status: 'active', installments: [inst(1, '2027-02-05', { status: 'paid' })] })).toEqual({
      kind: 'refused',
      message: 'Nothing is left to pay on this plan now',
    });
    const tried = Array.from({ length: MAX_ATTEMPTS_WITH_PAY_NOW }, (_, k) => declined(k + 1));
    expect(payNowTarget({ status: 'past_due', installments: [inst(1, '2027-02-05', { status: 'past_due', attempts: tried })] }).kind).toBe('refused');
  });
});
