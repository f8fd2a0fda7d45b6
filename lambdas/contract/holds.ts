/**
 * A student's financial holds as the API answers them. Kept apart from the plan schemas (payment-plans.ts), so the
 * SPA's holds card and record section bundle no zod for the labels.
 */

export const HOLD_BLOCKS = ['plan_enrollment', 'clinical_clearance'] as const;
export type HoldBlock = (typeof HOLD_BLOCKS)[number];
export const HOLD_BLOCK_LABELS: Record<HoldBlock, string> = { plan_enrollment: 'New payment plans', clinical_clearance: 'Clinical clearance' };

export interface StudentHold {
  kind: 'installment_past_due' | 'balance_past_due';
  program_name: string;
  amount: number;
  /** The due date it has been owed since (YYYY-MM-DD). */
  since: string;
  reason: string;
  how_to_clear: string;
  blocks: HoldBlock[];
}

/** GET /api/students/{username}/holds/ */
export interface StudentHoldsResponse {
  holds: StudentHold[];
  /** What no hold ever stops, said to the student beside their holds. */
  never_blocked: string[];
}
