import { describe, expect, it } from 'vitest';
import { formList, formObject, formString, parseStripeForm } from './form.js';

describe('Stripe form bodies', () => {
  it('reads nested keys', () => {
    const form = parseStripeForm('metadata[username]=ana&payment_method_data[billing_details][address][postal_code]=02139');
    expect(formString(formObject(form, 'metadata'), 'username')).toBe('ana');
    expect(formString(formObject(formObject(formObject(form, 'payment_method_data'), 'billing_details'), 'address'), 'postal_code')).toBe('02139');
  });

  it('reads arrays sent as key[0]= (the stripe SDK) or key[]= in order', () => {
    expect(formList(parseStripeForm('types[1]=b&types[0]=a&types[10]=c'), 'types')).toEqual(['a', 'b', 'c']);
    expect(formList(parseStripeForm('types[]=a&types[]=b'), 'types')).toEqual(['a', 'b']);
    expect(formList(parseStripeForm('types=a'), 'types')).toEqual(['a']);
    expect(formList(parseStripeForm(''), 'types')).toBeUndefined();
  });

  it('reads a list query the same way', () => {
    const query = parseStripeForm(new URLSearchParams('created[gte]=10&limit=3'));
    expect(formString(formObject(query, 'created'), 'gte')).toBe('10');
    expect(formString(query, 'limit')).toBe('3');
  });
});
