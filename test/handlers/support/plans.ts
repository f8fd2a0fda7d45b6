/** Plan templates for tests, written straight into the plan settings' partition (beside those of other files: a PUT would replace them). */
import type { ProgramType } from '../../../lambdas/contract/programs.js';
import { PlanTemplateItem, type PlanTemplateRecord } from '../../../lambdas/store/plan-template.js';
import { putItems } from './fixtures.js';

/** 25% down, 3 monthly installments on the 5th, a $25.00 setup fee, a $15.00 late fee after 10 days, $20.00 per returned debit. */
export async function offerTemplate(id: string, name: string, programTypes: ProgramType[], over: Partial<PlanTemplateRecord> = {}): Promise<void> {
  await putItems([
    PlanTemplateItem.item({
      id,
      name,
      downPaymentPercent: 25,
      installments: 3,
      dayOfMonth: 5,
      setupFeeCents: 2_500,
      graceDays: 10,
      lateFeeCents: 1_500,
      returnedPaymentFeeCents: 2_000,
      programTypes,
      active: true,
      updatedAt: '2026-01-01T00:00:00.000Z',
      ...over,
    }),
  ]);
}
