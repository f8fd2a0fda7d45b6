import type { CreatePaymentIntentRequest } from '#contract/payments';
import type { CartItem } from '#shared/cart/cartSlice';
import { centsOf } from '#shared/lib/money';

/** Line amount = amount x quantity, in dollars rounded to the cent. */
export function cartLineTotal(item: Pick<CartItem, 'amount' | 'quantity'>): number {
  return centsOf(item.amount * item.quantity) / 100;
}

/**
 * The cart's items as POST /api/create-payment-intent lists them: one entry per program, its line
 * amount. Two lines of one program (a cart stored before the merge rule) become one entry: the
 * server refuses a program listed twice.
 */
export function paymentItems(items: readonly CartItem[]): CreatePaymentIntentRequest['items'] {
  const entries: Array<{ program_type: CartItem['program_type']; program_id: string; cents: number }> = [];
  for (const item of items) {
    const same = entries.find((entry) => entry.program_type === item.program_type && entry.program_id === item.program_id);
    if (same) same.cents += centsOf(cartLineTotal(item));
    else entries.push({ program_type: item.program_type, program_id: item.program_id, cents: centsOf(cartLineTotal(item)) });
  }
  return entries.map(({ program_type, program_id, cents }) => ({ program_type, program_id, amount: cents / 100 }));
}
