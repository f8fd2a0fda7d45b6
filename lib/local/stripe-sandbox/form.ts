/**
 * Stripe's request bodies are form-encoded with bracketed keys (`metadata[username]=ana`,
 * `payment_method_data[billing_details][name]=Ana`); this turns them into nested objects.
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject { [key: string]: FormValue }

export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: FormObject = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      if (last) {
        node[part] = value;
      } else {
        if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
        node = node[part] as FormObject;
      }
    });
  }
  return root;
}

export const formString = (obj: FormObject, key: string): string | undefined =>
  typeof obj[key] === 'string' ? (obj[key] as string) : undefined;

export const formObject = (obj: FormObject, key: string): FormObject =>
  typeof obj[key] === 'object' && obj[key] !== null && !Array.isArray(obj[key]) ? (obj[key] as FormObject) : {};
