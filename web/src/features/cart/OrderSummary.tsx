import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SectionCard } from '#shared/components/SectionCard';
import { formatDollars } from '#shared/lib/money';
import type { CartItem } from '#shared/cart/cartSlice';
import { cartLineTotal } from './cartLines';

/** Order Summary of the cart and checkout pages: each line, the item count and the total. */
export function OrderSummary({ items, total, count, children }: { items: CartItem[]; total: number; count: number; children?: ReactNode }) {
  return (
    <SectionCard id="order-summary-title" title="Order Summary">
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 1, m: 0 }}>
        {items.map((item) => (
          <Line key={item.id} label={item.quantity > 1 ? `${item.program_name} × ${item.quantity}` : item.program_name}>
            {formatDollars(cartLineTotal(item))}
          </Line>
        ))}
        <Line label={`Items (${count})`}>{formatDollars(total)}</Line>
        <Box sx={{ gridColumn: '1 / -1', borderTop: 1, borderColor: 'divider' }} />
        <Line label="Total" strong>
          {formatDollars(total)}
        </Line>
      </Box>
      {children && (
        <Stack spacing={1} sx={{ mt: 2 }}>
          {children}
        </Stack>
      )}
    </SectionCard>
  );
}

function Line({ label, strong, children }: { label: string; strong?: boolean; children: ReactNode }) {
  const weight = strong ? 700 : undefined;
  return (
    <>
      <Typography component="dt" sx={{ fontWeight: weight }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: weight }}>
        {children}
      </Typography>
    </>
  );
}
