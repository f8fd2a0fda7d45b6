/** Money is shown with two decimals (spec section 9), e.g. 1234.5 -> "$1234.50". */
export function formatDollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}
