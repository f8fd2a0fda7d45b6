import Chip, { type ChipProps } from '@mui/material/Chip';
import type { ComplianceStatus } from '#contract/compliance';
import { statusLabel } from './complianceFormat';

const COLORS: Record<ComplianceStatus, ChipProps['color']> = {
  missing: 'default',
  pending: 'info',
  approved: 'success',
  not_approved: 'error',
  expiring: 'warning',
  expired: 'error',
};

/** A requirement's status in the spec's words (the colour repeats it, never alone). */
export function ComplianceStatusChip({ status }: { status: ComplianceStatus }) {
  return <Chip size="small" color={COLORS[status] ?? 'default'} variant={status === 'missing' ? 'outlined' : 'filled'} label={statusLabel(status)} />;
}
