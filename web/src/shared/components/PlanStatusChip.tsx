import Chip, { type ChipProps } from '@mui/material/Chip';
import type { INSTALLMENT_STATUSES, PlanStatusName } from '#contract/payment-plans';

export type InstallmentStatusName = (typeof INSTALLMENT_STATUSES)[number];

export const PLAN_STATUS_LABEL: Record<PlanStatusName, string> = {
  active: 'Active',
  past_due: 'Past due',
  paused: 'Paused',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const PLAN_STATUS_COLOR: Record<PlanStatusName, ChipProps['color']> = {
  active: 'success',
  past_due: 'error',
  paused: 'warning',
  completed: 'default',
  cancelled: 'default',
};

export const INSTALLMENT_STATUS_LABEL: Record<InstallmentStatusName, string> = {
  scheduled: 'Scheduled',
  processing: 'Processing',
  action_needed: 'Action needed',
  paid: 'Paid',
  past_due: 'Past due',
  cancelled: 'Cancelled',
};

const INSTALLMENT_STATUS_COLOR: Record<InstallmentStatusName, ChipProps['color']> = {
  scheduled: 'default',
  processing: 'info',
  action_needed: 'warning',
  paid: 'success',
  past_due: 'error',
  cancelled: 'default',
};

/** A payment plan's status (Active, Past due, Paused, Completed, Cancelled) as a small chip. */
export function PlanStatusChip({ status }: { status: PlanStatusName }) {
  return <Chip size="small" color={PLAN_STATUS_COLOR[status]} label={PLAN_STATUS_LABEL[status]} />;
}

/** One payment of a plan's status (Scheduled, Processing, Action needed, Paid, Past due, Cancelled). */
export function InstallmentStatusChip({ status }: { status: InstallmentStatusName }) {
  return <Chip size="small" variant="outlined" color={INSTALLMENT_STATUS_COLOR[status]} label={INSTALLMENT_STATUS_LABEL[status]} />;
}
