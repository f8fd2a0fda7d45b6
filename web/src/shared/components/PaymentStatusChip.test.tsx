import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentStatusChip } from './PaymentStatusChip';

describe('PaymentStatusChip', () => {
  it.each([
    ['pending', 'Pending'],
    ['processing', 'Processing'],
    ['succeeded', 'Succeeded'],
    ['failed', 'Failed'],
    ['canceled', 'Canceled'],
    ['refunded', 'Refunded'],
    ['partially_refunded', 'Partially refunded'],
  ] as const)('shows %s as "%s"', (status, label) => {
    render(<PaymentStatusChip status={status} />);
    expect(screen.getByText(label, { exact: true })).toBeTruthy();
  });

  it('sets a canceled checkout apart from a refund (outlined: no money moved)', () => {
    const { container } = render(
      <>
        <PaymentStatusChip status="canceled" />
        <PaymentStatusChip status="refunded" />
      </>,
    );
    const [canceled, refunded] = container.querySelectorAll('.MuiChip-root');
    expect(canceled?.className).toContain('MuiChip-outlined');
    expect(refunded?.className).toContain('MuiChip-filled');
  });
});
