import { describe, expect, it } from 'vitest';
import { approvedAidTotal, SAMPLE_AID_AWARDS, type AidAward } from './financialAid';

describe('financial aid (spec sections 3 and 9)', () => {
  it('has the sample awards: 5000 and 3000 Approved, 1500 Pending', () => {
    expect(SAMPLE_AID_AWARDS.map((award) => [award.amount, award.status])).toEqual([
      [5000, 'Approved'],
      [3000, 'Approved'],
      [1500, 'Pending'],
    ]);
    for (const award of SAMPLE_AID_AWARDS) {
      expect(award.name).not.toBe('');
      expect(award.disbursement).not.toBe('');
    }
  });

  it('totals only Approved awards', () => {
    expect(approvedAidTotal(SAMPLE_AID_AWARDS)).toBe(8000);
    const pendingOnly: AidAward[] = [{ name: 'Grant', amount: 700, status: 'Pending', disbursement: 'later' }];
    expect(approvedAidTotal(pendingOnly)).toBe(0);
    expect(approvedAidTotal([])).toBe(0);
  });
});
