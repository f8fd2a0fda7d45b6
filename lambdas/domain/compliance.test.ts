import { describe, expect, it } from 'vitest';
import type { ComplianceRequirement, ComplianceSubmission } from '../contract/compliance.js';
import { schoolDay } from './clock.js';
import { addMonths, daysBetween, isoWeek, requirementsFor, requirementState, suggestedExpiry, thresholdReached, validThrough } from './compliance.js';

let seq = 0;
const submission = (over: Partial<ComplianceSubmission>): ComplianceSubmission => ({
  id: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  username: 'sam',
  requirement_id: 'bls',
  kind: 'evidence',
  alternative: null,
  files: [],
  completed_on: '2026-01-10',
  expires_on: null,
  attested: false,
  note: '',
  status: 'pending',
  reason: null,
  submitted_by: 'sam',
  submitted_at: `2026-01-${String(10 + seq).padStart(2, '0')}T12:00:00.000Z`,
  decided_by: null,
  decided_at: null,
  ...over,
});

const requirement = (over: Partial<ComplianceRequirement>): ComplianceRequirement => ({
  id: 'bls',
  name: 'BLS card',
  category: 'cpr_bls',
  evidence: 'file_and_dates',
  validity: { kind: 'months', months: 24 },
  applies_to: { kind: 'program_type', program_type: 'certificate' },
  due_days_from_cohort_start: -14,
  guidelines: '',
  alternatives: [],
  exemption_allowed: false,
  ...over,
});

describe('the expiry a reviewer is offered', () => {
  it('is months after completion, on the same day or the end of a shorter month', () => {
    expect(suggestedExpiry({ kind: 'months', months: 24 }, '2026-03-12')).toBe('2028-03-12');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-01-31', 13)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });

  it('is the next seasonal end on or after completion (a flu shot is good through 31 March), or none', () => {
    const flu = { kind: 'seasonal', month: 3, day: 31 } as const;
    expect(suggestedExpiry(flu, '2026-10-02')).toBe('2027-03-31');
    expect(suggestedExpiry(flu, '2027-02-01')).toBe('2027-03-31');
    expect(suggestedExpiry(flu, '2027-03-31')).toBe('2027-03-31');
    expect(suggestedExpiry(flu, '2027-04-01')).toBe('2028-03-31');
    expect(suggestedExpiry({ kind: 'none' }, '2027-04-01')).toBeNull();
  });
});

describe('the status of a requirement, as of the school-local day', () => {
  const approvedUntil = (expires_on: string | null) => submission({ status: 'approved', expires_on, decided_by: 'casey', decided_at: '2026-01-20T00:00:00Z' });

  it('is Missing with nothing handed in, Pending review while waiting, Not approved with its reason', () => {
    expect(requirementState([], '2026-06-01').status).toBe('missing');
    expect(requirementState([submission({})], '2026-06-01').status).toBe('pending');
    const refused = requirementState([submission({ status: 'not_approved', reason: 'The card is not signed' })], '2026-06-01');
    expect(refused).toMatchObject({ status: 'not_approved', reason: 'The card is not signed' });
    // handed in again after a refusal: waiting again
    expect(requirementState([submission({ status: 'not_approved', reason: 'x' }), submission({})], '2026-06-01').status).toBe('pending');
  });

  it('is Approved, Expiring from 30 days before the expiry day (the day itself included), Expired from the day after', () => {
    const bls = [approvedUntil('2026-07-01')];
    expect(requirementState(bls, '2026-05-31').status).toBe('approved');
    expect(requirementState(bls, '2026-06-01').status).toBe('expiring'); // 30 days before
    expect(requirementState(bls, '2026-07-01').status).toBe('expiring'); // expires today: still good today
    expect(requirementState(bls, '2026-07-02').status).toBe('expired'); // tomorrow
    expect(requirementState([approvedUntil(null)], '2099-01-01').status).toBe('approved');
  });

  it('keeps a counting approval over a later refusal, and reports a renewal waiting beside it', () => {
    const approved = approvedUntil('2026-07-01');
    const renewal = submission({});
    const state = requirementState([approved, renewal], '2026-06-15');
    expect(state).toMatchObject({ status: 'expiring', expiresOn: '2026-07-01' });
    expect(state.pending?.id).toBe(renewal.id);
    expect(requirementState([approved, submission({ status: 'not_approved', reason: 'blurry' })], '2026-05-01').status).toBe('approved');
    // once the approval has expired, the renewal waiting is what counts
    expect(requirementState([approved, renewal], '2026-07-02').status).toBe('pending');
  });

  it('counts for a rotation only if it is still good on its last day', () => {
    const state = requirementState([approvedUntil('2027-03-12')], '2026-12-01');
    expect(validThrough(state, '2027-03-12')).toBe(true);
    expect(validThrough(state, '2027-03-13')).toBe(false);
  });
});

describe("the school's today", () => {
  it('turns at midnight in America/Chicago, not UTC', () => {
    expect(schoolDay(new Date('2026-07-02T04:59:00Z'))).toBe('2026-07-01');
    expect(schoolDay(new Date('2026-07-02T05:00:00Z'))).toBe('2026-07-02');
  });
});

describe('which requirements apply', () => {
  it("are the student's program type's and their cohort's", () => {
    const all = [
      requirement({ id: 'bls' }),
      requirement({ id: 'flu', applies_to: { kind: 'cohort', cohort_id: 'c1' } }),
      requirement({ id: 'license', applies_to: { kind: 'program_type', program_type: 'associates' } }),
    ];
    expect(requirementsFor(all, { programType: 'certificate', cohortId: 'c1' }).map((r) => r.id)).toEqual(['bls', 'flu']);
    expect(requirementsFor(all, { programType: 'associates', cohortId: null }).map((r) => r.id)).toEqual(['license']);
  });
});

describe('reminder thresholds', () => {
  it('reach the threshold a date is at: 30 down to 15 days is the 30-day one, 14 to 8 the 14-day one, and so on', () => {
    const days = [30, 14, 7, 0];
    expect([45, 31, 30, 21, 15, 14, 8, 7, 1, 0, -1].map((d) => thresholdReached(days, d))).toEqual([null, null, 30, 30, 30, 14, 14, 7, 7, 0, null]);
  });

  it('counts calendar days across a month end and a leap day', () => {
    expect(daysBetween('2028-02-27', '2028-03-01')).toBe(3);
    expect(daysBetween('2026-12-31', '2026-12-30')).toBe(-1);
  });

  it('names the ISO week a weekly digest is keyed by, across year ends', () => {
    expect(isoWeek('2026-11-23')).toBe('2026-W48');
    expect(isoWeek('2026-11-29')).toBe('2026-W48');
    // 1 Jan 2027 is a Friday: it belongs to the last week of 2026; 31 Dec 2024 (a Tuesday) to 2025's first
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    expect(isoWeek('2024-12-31')).toBe('2025-W01');
  });
});
