/** One field of a form: its label as the form shows it, and the value a new form starts with (which gives the field's type). */
export interface FormField<V> {
  label: string;
  initial: V;
}

type FieldsDeclaration = Record<string, FormField<unknown>>;

/** The values of a declared form, field by field. */
export type FormValues<D extends FieldsDeclaration> = { [K in keyof D]: D[K]['initial'] };

/**
 * A form declared once, `{ field: { label, initial } }`: from it come the values' type
 * (`FormValues<typeof FORM.fields>`), the labels its fields and their problems show
 * ("Email must be an email address") and the values a new form starts with.
 */
export function defineFormFields<D extends FieldsDeclaration>(fields: D) {
  const labels = {} as Record<keyof D, string>;
  const initial = {} as FormValues<D>;
  for (const [name, field] of Object.entries(fields) as [keyof D, FormField<unknown>][]) {
    labels[name] = field.label;
    initial[name] = field.initial as FormValues<D>[keyof D];
  }
  return { fields, labels, initial };
}
