import TextField from '@mui/material/TextField';
import type { StudentRecord } from '#contract/students';
import { enrollBody, enrollValuesFor, ENROLL_LABELS, validateEnroll, type EnrollValues } from './enrollForm';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { FormFieldsDialog } from '#shared/components/FormFieldsDialog';
import { useDialogForm } from '#shared/components/useDialogForm';
import { ProgramTypeOptions } from '#shared/components/ProgramTypeOptions';
import { NativeSelect } from '#shared/components/NativeSelect';
import { ENROLLED, savedFailure } from './studentMessages';
import { useEnrollStudentMutation } from './studentsAdminApi';

/** Enroll in Program: adds the enrollment with its opening charge (the amount due). */
export function EnrollDialog({ student, onClose }: { student: StudentRecord; onClose: () => void }) {
  const [enroll] = useEnrollStudentMutation();
  const toast = useToast(TOAST_MS);
  const form = useDialogForm<EnrollValues>({
    initial: () => enrollValuesFor(student),
    validate: validateEnroll,
    save: async (values) => {
      await enroll({ username: student.username, body: enrollBody(values) }).unwrap();
      toast(ENROLLED);
      onClose();
    },
    failureOf: savedFailure,
    idPrefix: 'enroll',
    labels: ENROLL_LABELS,
  });
  const { errors, field } = form;

  return (
    <FormFieldsDialog id="enroll" form={form} title="Enroll in Program" submitLabel="Enroll" maxWidth="xs" onClose={onClose}>
      <NativeSelect required {...field('program_type')}>
        <ProgramTypeOptions />
      </NativeSelect>
      <TextField required {...field('program_name')} />
      <TextField required inputMode="decimal" placeholder="0.00" {...field('amount_due')} />
      <TextField type="date" slotProps={{ inputLabel: { shrink: true } }} {...field('next_due_date')} helperText={errors.next_due_date ?? 'Optional'} />
    </FormFieldsDialog>
  );
}
