/**
 * The value, or an Error naming what is missing: for values the code's own invariants guarantee (a key
 * the store always sets, a field a provider always returns), where absence is a bug to surface loudly
 * rather than a case to handle. Legitimate absence is narrowed or defaulted where it is read instead.
 */
export function required<T>(value: T, what: string): NonNullable<T> {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}
