import { formatDollars } from '#shared/lib/money';

/** The header cart's tooltip, in the spec's format, e.g. "Cart (3 items) - $1,250.00". */
export function cartSummaryLabel(count: number, total: number): string {
  return `Cart (${count} items) - ${formatDollars(total)}`;
}

/** The badge shows at most this number, then "99+". */
export const CART_BADGE_MAX = 99;
