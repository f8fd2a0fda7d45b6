import { describe, expect, it } from 'vitest';
import { clearance, type RequirementFact } from './clearance.js';

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

  it('needs the mandatory documents acknowledged and no hold that blocks clinicals, each hold in its own words', () => {
    const result = clearance(
      facts([bls('2028-01-01')], {
        documents: [
          { title: 'Clinical Handbook 2026', acknowledged: false },
          { title: 'HIPAA agreement', acknowledged: true },
        ],
        holds: [{ reason: 'Balance of $650.00 for Practical Nursing past due since 15 Dec 2026' }],
      }),
    );
    expect(result).toEqual({ cleared: false, reasons: ['Clinical Handbook 2026 not acknowledged', 'Balance of $650.00 for Practical Nursing past due since 15 Dec 2026'] });
  });

  it('without a rotation, only what counts today matters', () => {
    expect(clearance({ requirements: [bls('2026-12-01', 'expiring')], rotationEndsOn: null, documents: [], holds: [] }).cleared).toBe(true);
  });
});
