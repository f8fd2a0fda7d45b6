import TextField from '@mui/material/TextField';
import type { Cohort } from '#contract/cohorts';
import { serverErrorOf } from '#shared/lib/serverError';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { SwitchField } from '#shared/components/FormFields';
import { FormFieldsDialog } from '#shared/components/FormFieldsDialog';
import { NativeSelect } from '#shared/components/NativeSelect';
import { useDialogForm } from '#shared/components/useDialogForm';
import { ProgramTypeOptions } from '#shared/components/ProgramTypeOptions';
import { FIELD_LABELS, formValuesOf, newCohortValues, requestBodyOf, validateCohort, type CohortFormValues } from './cohortForm';
import { COHORT_CREATED, COHORT_UPDATED, SAVE_FAILED_FALLBACK } from './cohortMessages';
import { useCreateCohortMutation, useUpdateCohortMutation } from './cohortsApi';

/**
 * New Cohort / Edit Cohort (beyond the spec, admin). Mount it fresh for each use (a new `key`).
 * A refused save (409: the number is taken for that year and program type) keeps it open with the server's message.
 */
export function CohortFormDialog({ cohort, onClose }: { cohort?: Cohort; onClose: () => void }) {
  const [createCohort] = useCreateCohortMutation();
  const [updateCohort] = useUpdateCohortMutation();
  const toast = useToast(TOAST_MS);
  const form = useDialogForm<CohortFormValues>({
    initial: () => (cohort ? formValuesOf(cohort) : newCohortValues()),
    validate: validateCohort,
    save: async (values) => {
      const body = requestBodyOf(values);
      if (cohort) await updateCohort({ ...body, id: cohort.id }).unwrap();
      else await createCohort(body).unwrap();
      toast(cohort ? COHORT_UPDATED : COHORT_CREATED, 'success');
      onClose();
    },
    failureOf: (error) => serverErrorOf(error) ?? SAVE_FAILED_FALLBACK,
    idPrefix: 'cohort-form',
    labels: FIELD_LABELS,
  });
  const { values, set, field } = form;
  const dateField = (name: 'start_date' | 'end_date') => ({ ...field(name), type: 'date', slotProps: { inputLabel: { shrink: true } } });

  return (
    <FormFieldsDialog id="cohort-form" form={form} title={cohort ? 'Edit Cohort' : 'New Cohort'} submitLabel={cohort ? 'Save Changes' : 'Create Cohort'} onClose={onClose}>
      <TextField required placeholder="2025-2026" {...field('academic_year')} />
      <TextField required type="number" slotProps={{ htmlInput: { min: 1, max: 999, step: 1 } }} {...field('cohort_number')} />
      <NativeSelect required {...field('program_type')}>
        <ProgramTypeOptions />
      </NativeSelect>
      <TextField required {...field('program_name')} />
      <TextField {...dateField('start_date')} />
      <TextField {...dateField('end_date')} />
      <SwitchField label={FIELD_LABELS.is_active} checked={values.is_active} onChange={(checked) => set('is_active', checked)} />
    </FormFieldsDialog>
  );
}
