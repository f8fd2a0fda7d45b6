import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { StudentRecord } from '#contract/students';
import { enrollBody, enrollValuesFor, ENROLL_LABELS, validateEnroll, type EnrollField, type EnrollValues } from './enrollForm';
import { serverErrorOf } from '#shared/lib/serverError';
import { useToast } from '#shared/toast/useToast';
import { FormDialog } from '#shared/components/FormDialog';
import { ProgramTypeOptions } from '#shared/components/ProgramTypeOptions';
import type { FieldErrors } from './formErrors';
import { NativeSelect } from './NativeSelect';
import { ENROLLED, SAVE_FAILED_FALLBACK, STUDENT_TOAST_MS } from './studentMessages';
import { useEnrollStudentMutation } from './studentsAdminApi';

/** Enroll in Program: adds the enrollment with its opening charge (the amount due). */
export function EnrollDialog({ student, onClose }: { student: StudentRecord; onClose: () => void }) {
  const [values, setValues] = useState<EnrollValues>(() => enrollValuesFor(student));
  const [errors, setErrors] = useState<FieldErrors<EnrollField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [enroll, enrolling] = useEnrollStudentMutation();
  const toast = useToast(STUDENT_TOAST_MS);

  const field = (name: EnrollField) => ({
    id: `enroll-${name.replace(/_/g, '-')}`,
    label: ENROLL_LABELS[name],
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors(({ [name]: _fixed, ...rest }) => rest);
    },
    error: errors[name] !== undefined,
    helperText: errors[name],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateEnroll(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setFailure(null);
    try {
      await enroll({ username: student.username, body: enrollBody(values) }).unwrap();
      toast(ENROLLED);
      onClose();
    } catch (error) {
      setFailure(serverErrorOf(error) ?? SAVE_FAILED_FALLBACK);
    }
  };

  return (
    <FormDialog id="enroll" title="Enroll in Program" submitLabel="Enroll" busy={enrolling.isLoading} maxWidth="xs" onClose={onClose} onSubmit={submit}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <NativeSelect required {...field('program_type')}>
          <ProgramTypeOptions />
        </NativeSelect>
        <TextField required {...field('program_name')} />
        <TextField required inputMode="decimal" placeholder="0.00" {...field('amount_due')} />
        <TextField type="date" slotProps={{ inputLabel: { shrink: true } }} {...field('next_due_date')} helperText={errors.next_due_date ?? 'Optional'} />
      </Stack>
    </FormDialog>
  );
}
