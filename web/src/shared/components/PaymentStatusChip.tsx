import Chip, { type ChipProps } from '@mui/material/Chip';
import type { PaymentStatus } from '#contract/payments';
import { PAYMENT_STATUS_LABEL } from '../lib/paymentFormat';

const COLOR: Record<PaymentStatus, ChipProps['color']> = {
  pending: 'warning',
  processing: 'info',
  succeeded: 'success',
  failed: 'error',
  canceled: 'default',
  refunded: 'default',
  partially_refunded: 'info',
};

/** Outlined where no money moved (a canceled checkout), so it does not read like a refund. */
const VARIANT: Partial<Record<PaymentStatus, ChipProps['variant']>> = { canceled: 'outlined' };

export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  return <Chip size="small" color={COLOR[status] ?? 'default'} variant={VARIANT[status] ?? 'filled'} label={PAYMENT_STATUS_LABEL[status] ?? status} />;
}
