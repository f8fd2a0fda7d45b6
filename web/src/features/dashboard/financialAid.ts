/**
 * My Financial Aid: hard-coded sample awards (the spec's "Financial aid entry"); the
 * server has no financial aid data yet.
 */
export type AidStatus = 'Approved' | 'Pending';

export interface AidAward {
  name: string;
  amount: number;
  status: AidStatus;
  disbursement: string;
}

export const SAMPLE_AID_AWARDS: readonly AidAward[] = [
  { name: 'Federal Pell Grant', amount: 5000, status: 'Approved', disbursement: 'Disbursed in two equal payments, one per semester' },
  { name: 'Nursing Excellence Scholarship', amount: 3000, status: 'Approved', disbursement: 'Applied to tuition at the start of the semester' },
  { name: 'State Healthcare Workforce Grant', amount: 1500, status: 'Pending', disbursement: 'Disbursement date set once approved' },
];

/** The total sums only Approved items. */
export function approvedAidTotal(awards: readonly AidAward[]): number {
  return awards.filter((award) => award.status === 'Approved').reduce((sum, award) => sum + award.amount, 0);
}
