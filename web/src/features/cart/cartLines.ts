import type { CreatePaymentIntentRequest } from '../../contract';
import type { CartItem } from './cartSlice';

const toCents = (dollars: number) => Math.round(dollars * 100);

/** Line amount = amount x quantity, in dollars rounded to the cent. */
export function cartLineTotal(item: Pick<CartItem, 'amount' | 'quantity'>): number {
  return toCents(item.amount * item.quantity) / 100;
}

/** The cart's items as POST /api/create-payment-intent lists them: one entry per program, its line amount. */
export function paymentItems(items: readonly CartItem[]): CreatePaymentIntentRequest['items'] {
  return items.map((item) => ({ program_type: item.program_type, program_id: item.program_id, amount: cartLineTotal(item) }));
}
