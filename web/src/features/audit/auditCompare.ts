/** One field of an audit entry's record, before and after the change, as the entry dialog lists it. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
  /** Both sides were recorded and they differ (a create or delete has one side only: nothing is marked). */
  changed: boolean;
}

/** Shown for a side that has no value (a create has no before, a delete no after). */
export const NO_VALUE = '—';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * A value as one line of text: text as it is, yes/no, numbers (amounts in cents, as the server keeps
 * money, also in dollars), and anything nested as compact JSON.
 */
export function showValue(value: unknown, field = ''): string {
  if (value === undefined) return NO_VALUE;
  if (value === null) return 'null';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return /Cents$/.test(field) && Number.isInteger(value) ? `${dollars(value)} (${value} cents)` : String(value);
  return JSON.stringify(value);
}

/**
 * The fields of an entry's before and after, side by side: the changed ones first, each group in the
 * order the record lists them (before's fields, then any the change added). Snapshots that are not objects compare as one "value".
 */
export function compareSnapshots(before: unknown, after: unknown): FieldChange[] {
  if (before === undefined && after === undefined) return [];
  const both = before !== undefined && after !== undefined;
  if (!isRecord(before ?? {}) || !isRecord(after ?? {})) {
    const [b, a] = [showValue(before), showValue(after)];
    return [{ field: 'value', before: b, after: a, changed: both && b !== a }];
  }
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const rows = fields.map((field) => {
    const row = { field, before: before === undefined ? NO_VALUE : showValue(b[field], field), after: after === undefined ? NO_VALUE : showValue(a[field], field) };
    return { ...row, changed: both && JSON.stringify(b[field]) !== JSON.stringify(a[field]) };
  });
  // what changed first: an update of a record with many fields is read for its changes
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
}
