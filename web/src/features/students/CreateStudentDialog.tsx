import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { Cohort } from '#contract/cohorts';
import { CREATE_STUDENT_LABELS, createStudentBody, NEW_STUDENT, validateCreateStudent, withField, type CreateStudentValues } from './createStudentForm';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { FormDialog } from '#shared/components/FormDialog';
import { SwitchField } from '#shared/components/FormFields';
import { useDialogForm } from '#shared/components/useDialogForm';
import { ProgramTypeOptions } from '#shared/components/ProgramTypeOptions';
import { NativeSelect } from '#shared/components/NativeSelect';
import { cohortLabel, cohortsOfType } from './studentFilters';
import { savedFailure, studentCreated } from './studentMessages';
import { useCreateStudentMutation } from './studentsAdminApi';

/**
 * Add Student: the sign-in and the student profile are created together. A refused save
 * (409: username or email taken) keeps the dialog open with the server's message.
 */
export function CreateStudentDialog({ cohorts, onClose }: { cohorts: readonly Cohort[]; onClose: () => void }) {
  const [createStudent, creation] = useCreateStudentMutation();
  const toast = useToast(TOAST_MS);
  const { values, errors, failure, set, field, submit } = useDialogForm<CreateStudentValues>({
    initial: NEW_STUDENT,
    validate: validateCreateStudent,
    save: async (values) => {
      const created = await createStudent(createStudentBody(values)).unwrap();
      toast(studentCreated(created.username));
      onClose();
    },
    failureOf: savedFailure,
    idPrefix: 'new-student',
    labels: CREATE_STUDENT_LABELS,
    change: (values, name, value) => withField(values, name, value, cohorts),
  });

  return (
    <FormDialog
      id="new-student"
      title="Add Student"
      submitLabel={creation.isLoading ? 'Creating...' : 'Create Student'}
      busy={creation.isLoading}
      maxWidth="sm"
      onClose={onClose}
      onSubmit={submit}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
        {failure && (
          <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
            {failure}
          </Alert>
        )}
        <TextField required autoFocus autoComplete="off" {...field('username')} />
        <TextField required type="email" {...field('email')} />
        <TextField required {...field('first_name')} />
        <TextField required {...field('last_name')} />
        <TextField type="tel" {...field('phone_number')} />
        <NativeSelect required {...field('program_type')}>
          <ProgramTypeOptions />
        </NativeSelect>
        <NativeSelect required {...field('cohort_id')}>
          <option value="">Choose a cohort</option>
          {cohortsOfType(cohorts, values.program_type).map((cohort) => (
            <option key={cohort.id} value={cohort.id}>
              {`${cohortLabel(cohort)} (${cohort.program_name})`}
            </option>
          ))}
        </NativeSelect>
        <TextField required {...field('program_name')} />
        <TextField
          {...field('temporary_password')}
          type="password"
          autoComplete="new-password"
          helperText={errors.temporary_password ?? 'Optional. Without one, the student is emailed an invitation; with one, they choose a new password at first sign-in.'}
          sx={{ gridColumn: '1 / -1' }}
        />
        <SwitchField label={CREATE_STUDENT_LABELS.on_payment_plan} checked={values.on_payment_plan} onChange={(checked) => set('on_payment_plan', checked)} />
      </Box>
    </FormDialog>
  );
}
