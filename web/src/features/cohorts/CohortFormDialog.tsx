import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { Cohort } from '#contract/cohorts';
import { serverErrorOf } from '#shared/lib/serverError';
import { useToast } from '#shared/toast/useToast';
import { FormDialog } from '#shared/components/FormDialog';
import { ProgramTypeOptions } from '#shared/components/ProgramTypeOptions';
import {
  formValuesOf,
  newCohortValues,
  requestBodyOf,
  validateCohort,
  type CohortFieldErrors,
  type CohortFormValues,
} from './cohortForm';
import { COHORT_CREATED, COHORT_TOAST_MS, COHORT_UPDATED, SAVE_FAILED_FALLBACK } from './cohortMessages';
import { useCreateCohortMutation, useUpdateCohortMutation } from './cohortsApi';

type TextFieldName = Exclude<keyof CohortFormValues, 'is_active'>;

/**
 * New Cohort / Edit Cohort (beyond the spec, admin). Mount it fresh for each use (a new `key`).
 * A refused save (409: the number is taken for that year and program type) keeps it open with the server's message.
 */
export function CohortFormDialog({ cohort, onClose }: { cohort?: Cohort; onClose: () => void }) {
  const [values, setValues] = useState<CohortFormValues>(() => (cohort ? formValuesOf(cohort) : newCohortValues()));
  const [errors, setErrors] = useState<CohortFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [createCohort, creation] = useCreateCohortMutation();
  const [updateCohort, update] = useUpdateCohortMutation();
  const toast = useToast(COHORT_TOAST_MS);
  const saving = creation.isLoading || update.isLoading;

  const set = <K extends keyof CohortFormValues>(field: K, value: CohortFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };
  const field = (name: TextFieldName) => ({
    id: `cohort-form-${name.replace('_', '-')}`,
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as never),
    error: errors[name] !== undefined,
    helperText: errors[name],
  });
  const dateField = (name: 'start_date' | 'end_date') => ({ ...field(name), type: 'date', slotProps: { inputLabel: { shrink: true } } });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateCohort(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setFailure(null);
    try {
      const body = requestBodyOf(values);
      if (cohort) await updateCohort({ ...body, id: cohort.id }).unwrap();
      else await createCohort(body).unwrap();
      toast(cohort ? COHORT_UPDATED : COHORT_CREATED, 'success');
      onClose();
    } catch (error) {
      // The error stays inside the modal dialog, where it is read out and the user can fix the form.
      setFailure(serverErrorOf(error) ?? SAVE_FAILED_FALLBACK);
    }
  };

  return (
    <FormDialog id="cohort-form" title={cohort ? 'Edit Cohort' : 'New Cohort'} submitLabel={cohort ? 'Save Changes' : 'Create Cohort'} busy={saving} maxWidth="sm" onClose={onClose} onSubmit={submit}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField label="Academic Year" required placeholder="2025-2026" {...field('academic_year')} />
        <TextField label="Cohort Number" required type="number" slotProps={{ htmlInput: { min: 1, max: 999, step: 1 } }} {...field('cohort_number')} />
        <TextField label="Program Type" required select slotProps={{ select: { native: true }, inputLabel: { shrink: true } }} {...field('program_type')}>
          <ProgramTypeOptions />
        </TextField>
        <TextField label="Program Name" required {...field('program_name')} />
        <TextField label="Start Date" {...dateField('start_date')} />
        <TextField label="End Date" {...dateField('end_date')} />
        <FormControlLabel
          control={<Switch checked={values.is_active} onChange={(event) => set('is_active', event.target.checked)} />}
          label="Active"
        />
      </Stack>
    </FormDialog>
  );
}
