import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PROGRAM_TYPES, type ProgramType } from '#contract/programs';
import { SwitchField } from '#shared/components/FormFields';
import { FormFieldsDialog } from '#shared/components/FormFieldsDialog';
import { useFormValues } from '#shared/components/useFormValues';
import { PROGRAM_TYPE_LABEL } from '#shared/lib/programs';
import { templateOf, type PlanForm, type TemplateDraft } from './planForm';
import { useCheckedSave } from './useCheckedSave';

interface Props {
  initial: PlanForm;
  /** Saves the set with this template in it; a refusal comes back as its sentence (the dialog stays open). */
  onSave: (template: TemplateDraft) => Promise<string | null>;
  onClose: () => void;
}

type TextKey = 'name' | 'downPayment' | 'installments' | 'dayOfMonth' | 'setupFee' | 'graceDays' | 'lateFee' | 'returnedFee';

/** Add plan / Edit <name> (finance, admins): one template's terms; Save sends the whole set with it. */
export function PlanTemplateDialog({ initial, onSave, onClose }: Props) {
  const { values: form, set, bind } = useFormValues(initial);
  const save = useCheckedSave(
    () => templateOf(form),
    (checked) => onSave(checked.template),
  );
  const toggleType = (type: ProgramType, on: boolean) =>
    set(
      'programTypes',
      PROGRAM_TYPES.filter((t) => (t === type ? on : form.programTypes.includes(t))),
    );
  const text = (key: TextKey, label: string, extra: { helperText?: string; number?: boolean; money?: boolean } = {}) => (
    <TextField
      id={`plan-${key}`}
      label={label}
      {...bind(key)}
      helperText={extra.helperText}
      fullWidth
      {...(extra.number ? { type: 'number' } : {})}
      {...(extra.money ? { slotProps: { htmlInput: { inputMode: 'decimal' } } } : {})}
    />
  );

  return (
    <FormFieldsDialog
      id="plan-template"
      form={save}
      title={initial.id ? `Edit ${initial.name}` : 'New payment plan'}
      submitLabel={save.busy ? 'Saving...' : 'Save plan'}
      maxWidth="md"
      onClose={onClose}
    >
      <TextField id="plan-name" label="Name" required {...bind('name')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('downPayment', 'Down payment (%)', { number: true, helperText: '0 to 90' })}
        {text('installments', 'Installments', { number: true, helperText: '1 to 24' })}
        {text('dayOfMonth', 'Day of month', { number: true, helperText: 'Installments fall due on this day (1 to 28)' })}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('setupFee', 'Setup fee ($)', { money: true })}
        {text('lateFee', 'Late fee ($)', { money: true })}
        {text('graceDays', 'Grace days', { number: true, helperText: 'Days after a due date before the late fee (0 to 60)' })}
      </Stack>
      {text('returnedFee', 'Returned-payment fee ($)', { money: true, helperText: 'Posted when a bank payment is returned; 0 for none' })}
      <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2">
          Program types
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
          {PROGRAM_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              control={<Checkbox checked={form.programTypes.includes(type)} onChange={(e) => toggleType(type, e.target.checked)} />}
              label={PROGRAM_TYPE_LABEL[type]}
            />
          ))}
        </Stack>
      </Stack>
      <SwitchField label="Active (offered to students)" checked={form.active} onChange={(on) => set('active', on)} />
    </FormFieldsDialog>
  );
}
