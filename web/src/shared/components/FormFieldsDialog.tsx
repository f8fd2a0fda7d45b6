import type { ComponentProps, FormEvent } from 'react';
import { FormDialog } from './FormDialog';
import { FormFields } from './FormFields';

/** What the dialog needs of its form (useDialogForm gives it): the submit, whether the save is under way, a failed save's message. */
export interface DialogFormState {
  submit: (event: FormEvent) => void;
  busy: boolean;
  failure: string | null;
}

type FrameProps = Omit<ComponentProps<typeof FormDialog>, 'busy' | 'onSubmit'>;

/** A FormDialog of one form: its fields one under another after the failed save's message, the buttons disabled while it saves. */
export function FormFieldsDialog({ form, children, ...frame }: FrameProps & { form: DialogFormState }) {
  return (
    <FormDialog {...frame} busy={form.busy} onSubmit={form.submit}>
      <FormFields failure={form.failure}>{children}</FormFields>
    </FormDialog>
  );
}
