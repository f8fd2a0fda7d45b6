import Chip, { type ChipProps } from '@mui/material/Chip';
import type { PaymentStatus } from '../contract';
import { PAYMENT_STATUS_LABEL } from '../lib/paymentFormat';

const COLOR: Record<PaymentStatus, ChipProps['color']> = {
  pending: 'warning',
  succeeded: 'success',
  failed: 'error',
  refunded: 'default',
  partially_refunded: 'info',
};

export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  return <Chip size="small" color={COLOR[status] ?? 'default'} label={PAYMENT_STATUS_LABEL[status] ?? status} />;
}
