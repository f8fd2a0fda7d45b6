import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MAX_CAPACITY, type Rotation } from '#contract/clinical';
import { FormFieldsDialog } from '#shared/components/FormFieldsDialog';
import { NativeSelect } from '#shared/components/NativeSelect';
import { SelectOptions } from '#shared/components/SelectOptions';
import { useDialogForm } from '#shared/components/useDialogForm';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { useListCourseOptionsQuery, useListSitesQuery, useSaveRotationMutation } from './clinicalApi';
import { problemOf, SAVE_FAILED } from './clinicalMessages';
import { changeRotation, ROTATION_LABELS, rotationFormOf, rotationInputOf, validateRotation, type RotationFormValues } from './rotationForm';

const dateProps = { type: 'date', slotProps: { inputLabel: { shrink: true } } } as const;

/** New rotation / Edit rotation (the compliance group, admins): a site's unit, a course, its instructor, dates and how many students fit. */
export function RotationFormDialog({ rotation, onClose }: { rotation?: Rotation; onClose: () => void }) {
  const toast = useToast(TOAST_MS);
  const sites = useListSitesQuery();
  const courses = useListCourseOptionsQuery();
  const [saveRotation] = useSaveRotationMutation();
  const form = useDialogForm<RotationFormValues>({
    initial: () => rotationFormOf(rotation),
    validate: validateRotation,
    save: async (v) => {
      await saveRotation({ ...rotationInputOf(v), ...(rotation ? { id: rotation.id } : {}) }).unwrap();
      toast(rotation ? 'Rotation saved.' : 'Rotation added.', 'success');
      onClose();
    },
    failureOf: (error) => problemOf(error, SAVE_FAILED),
    idPrefix: 'rotation-form',
    labels: ROTATION_LABELS,
    change: (v, name, value) => changeRotation(v, name, value),
  });
  const { values, field } = form;
  const site = sites.data?.find((s) => s.id === values.site_id);
  const siteOptions = (sites.data ?? []).map((s) => [s.id, s.name] as const);
  const unitOptions = (site?.units ?? []).map((u) => [u, u] as const);
  const courseOptions = (courses.data ?? []).map((c) => [c.id, `${c.name} (CRN ${c.CRN})`] as const);

  return (
    <FormFieldsDialog id="rotation-form" form={form} title={rotation ? 'Edit rotation' : 'New rotation'} submitLabel={form.busy ? 'Saving...' : 'Save rotation'} onClose={onClose}>
      <NativeSelect required {...field('site_id')}>
        <SelectOptions options={[['', sites.isLoading ? 'Loading sites...' : 'Choose a site'], ...siteOptions]} />
      </NativeSelect>
      <NativeSelect required disabled={!site} {...field('unit')}>
        <SelectOptions options={[['', site ? 'Choose a unit' : 'Choose a site first'], ...unitOptions]} />
      </NativeSelect>
      <NativeSelect required {...field('course_id')}>
        <SelectOptions options={[['', courses.isLoading ? 'Loading courses...' : 'Choose a course'], ...courseOptions]} />
      </NativeSelect>
      <TextField required {...field('instructor')} />
      <TextField type="email" {...field('instructor_email')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField required fullWidth {...dateProps} {...field('starts_on')} />
        <TextField required fullWidth {...dateProps} {...field('ends_on')} />
      </Stack>
      <TextField required type="number" slotProps={{ htmlInput: { min: 1, max: MAX_CAPACITY, step: 1 } }} {...field('capacity')} />
    </FormFieldsDialog>
  );
}
