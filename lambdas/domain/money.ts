/** Money is stored and summed in integer cents; it leaves the server as dollars with two decimals. */
export type Cents = number;

export function centsToDollars(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** Parses a dollar amount (number or numeric string) into cents, refusing anything with more than two decimals. */
export function dollarsToCents(dollars: number | string): Cents {
  const text = typeof dollars === 'number' ? String(dollars) : dollars.trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) throw new RangeError(`Not a dollar amount: ${text}`);
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return text.startsWith('-') ? -cents : cents;
}

/** "$1,250.00": amounts in sentences people read. */
export const usd = (cents: Cents): string => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
