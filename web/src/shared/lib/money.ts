/** en-US grouping, two decimals: 225000 -> "225,000.00" (thousands separators everywhere). */
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money is shown with two decimals and a dollar sign, e.g. 1234.5 -> "$1,234.50", -5 -> "-$5.00". */
export function formatDollars(amount: number): string {
  const text = twoDecimals.format(Math.abs(amount));
  return amount < 0 ? `-$${text}` : `$${text}`;
}

/** Dollars as whole cents, the unit money is added in, so that 0.1 + 0.2 makes 0.30. */
export const centsOf = (dollars: number) => Math.round(dollars * 100);

/** The sum of `dollarsOf` over `items`, added in whole cents; the answer is in cents. */
export const totalCents = <T>(items: readonly T[], dollarsOf: (item: T) => number) => items.reduce((sum, item) => sum + centsOf(dollarsOf(item)), 0);
