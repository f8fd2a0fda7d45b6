import type { PlanListItem, PlanPreview } from '#contract/payment-plans';
import { samplePlan as plan } from '../../testing/planFixtures';
import type { ApiCall } from '../../testing/test-utils';
import { monthly } from './plansTestData';

export { bank, samplePlan as plan, visa } from '../../testing/planFixtures';

export const listItem = (over: Partial<PlanListItem> = {}): PlanListItem => ({ ...plan(), student_name: 'Jane Doe', ...over });

export const preview: PlanPreview = {
  program_type: 'certificate',
  program_id: 'nursing-assistant',
  program_name: 'Nursing Assistant',
  template: monthly,
  balance: 1500,
  setup_fee: 25,
  total: 1525,
  schedule: [
    { seq: 0, kind: 'down_payment', due_on: '2026-11-10', amount: 175 },
    { seq: 1, kind: 'installment', due_on: '2026-12-01', amount: 450 },
    { seq: 2, kind: 'installment', due_on: '2027-01-01', amount: 450 },
    { seq: 3, kind: 'installment', due_on: '2027-02-01', amount: 450 },
  ],
  agreement: { version: '2026-11', text: 'I agree to pay $1,525.00 for Nursing Assistant in 4 payments on the dates shown.' },
};

export const bodiesOf = (calls: ApiCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.path.startsWith(path)).map((c) => c.body);
