/**
 * Stripe's request bodies and list queries are form-encoded with bracketed keys
 * (`metadata[username]=ana`, `payment_method_data[billing_details][name]=Ana`, `created[gte]=1700000000`);
 * this turns them into nested objects. Arrays come as `types[0]=a&types[1]=b` (what the stripe SDK
 * sends) or `types[]=a&types[]=b`: both read back through `formList`.
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export function parseStripeForm(body: string | URLSearchParams): FormObject {
  const root: FormObject = {};
  const pairs = typeof body === 'string' ? new URLSearchParams(body) : body;
  for (const [rawKey, value] of pairs) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: FormObject = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      // `key[]=v`: append under the next free index
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (last) {
        node[name] = value;
      } else {
        if (typeof node[name] !== 'object' || node[name] === null) node[name] = {};
        node = node[name] as FormObject;
      }
    });
  }
  return root;
}

export const formString = (obj: FormObject, key: string): string | undefined => (typeof obj[key] === 'string' ? (obj[key] as string) : undefined);

export const formObject = (obj: FormObject, key: string): FormObject =>
  typeof obj[key] === 'object' && obj[key] !== null && !Array.isArray(obj[key]) ? (obj[key] as FormObject) : {};

/** The strings of an array parameter (`key[0]=a&key[1]=b` or `key[]=a`), in index order; undefined when absent. */
export function formList(obj: FormObject, key: string): string[] | undefined {
  const value = obj[key];
  if (value === undefined) return undefined;
  if (typeof value === 'string') return [value];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return entries
    .filter((entry): entry is readonly [string, string] => /^\d+$/.test(entry[0]) && typeof entry[1] === 'string')
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([, v]) => v);
}

/** Whether `key` is present at all (an empty `metadata=` still counts). */
export const formHas = (obj: FormObject, key: string): boolean => obj[key] !== undefined;
