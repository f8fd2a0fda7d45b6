import { useState, type FormEvent } from 'react';
import type { FieldErrors } from '../lib/fieldErrors';

interface Options<V> {
  initial: V | (() => V);
  /** Field problems (the server's schema, as the form labels its fields); none lets the save go. */
  validate: (values: V) => FieldErrors<keyof V>;
  /** Sends the checked values and closes or hands over; a throw is a failed save. */
  save: (values: V) => Promise<void>;
  /** The sentence a failed save shows inside the dialog. */
  failureOf: (error: unknown) => string;
  /** Names the fields' ids (`<idPrefix>-first-name`). */
  idPrefix: string;
  /** The fields' labels, which also begin their problems ("Email must be an email address"). */
  labels: Record<keyof V, string>;
  /** A change that moves other fields too (a cohort fills in its program name); by default just the field. */
  change?: (values: V, field: keyof V, value: V[keyof V]) => V;
  /** The failure goes as soon as the form is edited, not only at the next save. */
  clearFailureOnEdit?: boolean;
}

/**
 * The state of a form in a FormDialog: the values, each field's problem (gone once that field is
 * edited), whether its save is under way (`busy`) and a failed save's message. The failure shows in the
 * dialog only, not also as a toast: while a modal dialog is open the rest of the page, the toast too, is
 * hidden from screen readers.
 */
export function useDialogForm<V extends object>({ initial, validate, save, failureOf, idPrefix, labels, change, clearFailureOnEdit = false }: Options<V>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof V>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => (change ? change(current, name, value) : { ...current, [name]: value }));
    setErrors(({ [name]: _fixed, ...rest }) => rest as FieldErrors<keyof V>);
    if (clearFailureOnEdit) setFailure(null);
  };

  /** The props of the text field (or native select) of `name`: id, label, value, change and problem. */
  const field = <K extends keyof V & string>(name: K) => ({
    id: `${idPrefix}-${name.toLowerCase().replace(/_/g, '-')}`,
    label: labels[name],
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as V[K]),
    error: errors[name] !== undefined,
    helperText: errors[name],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validate(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setFailure(null);
    setBusy(true);
    try {
      await save(values);
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  return { values, errors, failure, busy, set, field, submit };
}
