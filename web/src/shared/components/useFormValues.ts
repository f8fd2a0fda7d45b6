import { useState } from 'react';

/** The fields of `F` that hold text, which a text field or a native select edits. */
type TextKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/**
 * A form's values while they are edited: `set` changes one field, and `bind` gives a text field (or a
 * native select, whose options are the field's values) its value and its change handler.
 */
export function useFormValues<F extends object>(initial: F | (() => F)) {
  const [values, setValues] = useState<F>(initial);
  const set = <K extends keyof F>(key: K, value: F[K]) => setValues((current) => ({ ...current, [key]: value }));
  const bind = <K extends TextKey<F>>(key: K) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value as F[K]),
  });
  return { values, set, bind };
}
