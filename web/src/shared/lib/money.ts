/** en-US grouping, two decimals: 225000 -> "225,000.00" (thousands separators everywhere). */
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money is shown with two decimals and a dollar sign, e.g. 1234.5 -> "$1,234.50", -5 -> "-$5.00". */
export function formatDollars(amount: number): string {
  const text = twoDecimals.format(Math.abs(amount));
  return amount < 0 ? `-$${text}` : `$${text}`;
}
