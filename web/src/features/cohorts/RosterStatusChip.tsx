import Chip, { type ChipProps } from '@mui/material/Chip';
import type { RosterStatus } from '../../../../lambdas/domain/balance-status';

const COLOR: Record<RosterStatus, ChipProps['color']> = { Current: 'success', Due: 'warning', Overdue: 'error' };

/** The roster's Payment Status (0 Current, above 500 Overdue, otherwise Due). */
export function RosterStatusChip({ status }: { status: RosterStatus }) {
  return <Chip size="small" label={status} color={COLOR[status]} />;
}
