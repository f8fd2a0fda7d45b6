import { describe, expect, it } from 'vitest';
import { clearance, type RequirementFact } from './clearance.js';
import { pastDueHolds } from './holds.js';
import type { Enrollment, LedgerEntry } from './ledger.js';

const bls = (expires_on: string | null, status: RequirementFact['status'] = 'approved'): RequirementFact => ({ name: 'BLS', status, expires_on, reason: null });
const facts = (requirements: RequirementFact[], extra: Partial<Parameters<typeof clearance>[0]> = {}) => ({
  requirements,
  rotationEndsOn: '2027-04-30',
  documents: [],
  holds: [],
  ...extra,
});

describe('cleared for clinicals', () => {
  it('needs each requirement good through the last day of the rotation: expiring on it is cleared, the day before is not', () => {
    expect(clearance(facts([bls('2027-04-30')]))).toEqual({ cleared: true, reasons: [] });
    expect(clearance(facts([bls('2027-04-29')]))).toEqual({ cleared: false, reasons: ['BLS expires 29 Apr 2027, before the rotation ends 30 Apr 2027'] });
    expect(clearance(facts([bls(null)])).cleared).toBe(true);
  });

  it('needs a seasonal item (a flu shot) only through its season: one ending 31 March does not block a rotation into May', () => {
    expect(clearance(facts([{ name: 'Flu', status: 'approved', expires_on: '2027-03-31', reason: null, seasonal: true }]))).toEqual({ cleared: true, reasons: [] });
  });

  it('says why each requirement does not count today', () => {
    const reasons = clearance(
      facts([
        { name: 'TB test', status: 'missing', expires_on: null, reason: null },
        { name: 'Flu', status: 'pending', expires_on: null, reason: null },
        { name: 'Drug screen', status: 'not_approved', expires_on: null, reason: 'the lab report is unsigned' },
        { name: 'CPR', status: 'expired', expires_on: '2026-03-12', reason: null },
      ]),
    ).reasons;
    expect(reasons).toEqual(['TB test is missing', 'Flu is waiting for review', 'Drug screen was not approved: the lab report is unsigned', 'CPR expired 12 Mar 2026']);
  });

  it('needs the mandatory documents acknowledged and no past-due hold, with the amount and the date', () => {
    const result = clearance(
      facts([bls('2028-01-01')], {
        documents: [
          { title: 'Clinical Handbook 2026', acknowledged: false },
          { title: 'HIPAA agreement', acknowledged: true },
        ],
        holds: [{ programName: 'Practical Nursing', amountCents: 65_000, since: '2026-12-15' }],
      }),
    );
    expect(result).toEqual({ cleared: false, reasons: ['Clinical Handbook 2026 not acknowledged', 'Payment of $650.00 past due since 15 Dec 2026'] });
  });

  it('without a rotation, only what counts today matters', () => {
    expect(clearance({ requirements: [bls('2026-12-01', 'expiring')], rotationEndsOn: null, documents: [], holds: [] }).cleared).toBe(true);
  });
});

describe('past-due holds', () => {
  const enrollment = (nextDueDate: string | null): Enrollment => ({
    programType: 'certificate',
    programId: 'pn',
    programName: 'Practical Nursing',
    nextDueDate,
    enrolledAt: '2026-01-01T00:00:00Z',
  });
  const entry = (kind: LedgerEntry['kind'], amountCents: number, status?: LedgerEntry['status']): LedgerEntry => ({
    entryId: `${kind}${amountCents}`,
    kind,
    programType: 'certificate',
    programId: 'pn',
    amountCents,
    createdAt: '2026-01-02T00:00:00Z',
    ...(status ? { status } : {}),
  });

  it('holds once a balance is owed more than 14 days past its due date, and lifts when it is paid', () => {
    const charge = entry('charge', 65_000);
    expect(pastDueHolds([enrollment('2026-12-15')], [charge], '2026-12-29')).toEqual([]);
    expect(pastDueHolds([enrollment('2026-12-15')], [charge], '2026-12-30')).toEqual([{ programName: 'Practical Nursing', amountCents: 65_000, since: '2026-12-15' }]);
    expect(pastDueHolds([enrollment('2026-12-15')], [charge, entry('payment', 65_000, 'succeeded')], '2027-02-01')).toEqual([]);
    expect(pastDueHolds([enrollment(null)], [charge], '2027-02-01')).toEqual([]);
  });
});
