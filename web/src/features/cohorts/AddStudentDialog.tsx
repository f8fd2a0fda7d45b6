import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { AddStudentToCohort } from '#contract/cohorts';
import { serverErrorOf } from '#shared/lib/serverError';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { FormDialog } from '#shared/components/FormDialog';
import { SAVE_FAILED_FALLBACK, studentMoved } from './cohortMessages';
import { useAddStudentToCohortMutation } from './cohortsApi';

/** Add Student (beyond the spec, admin): moves an existing student, from any cohort, into this one. */
export function AddStudentDialog({ cohortId, cohortName, onClose }: { cohortId: string; cohortName: string; onClose: () => void }) {
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [addStudent, adding] = useAddStudentToCohortMutation();
  const toast = useToast(TOAST_MS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = AddStudentToCohort.safeParse({ username });
    if (!parsed.success) {
      setError(`Username ${parsed.error.issues[0]?.message ?? 'is invalid'}`);
      return;
    }
    setError(null);
    try {
      await addStudent({ cohortId, username: parsed.data.username }).unwrap();
      toast(studentMoved(parsed.data.username), 'success');
      onClose();
    } catch (failure) {
      setError(serverErrorOf(failure) ?? SAVE_FAILED_FALLBACK);
    }
  };

  return (
    <FormDialog id="add-student" title="Add Student" submitLabel="Add Student" busy={adding.isLoading} maxWidth="xs" onClose={onClose} onSubmit={submit}>
      <DialogContentText sx={{ mb: 2 }}>Moves the student into {cohortName}, out of any cohort they are in now.</DialogContentText>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <TextField id="add-student-username" label="Username" required fullWidth autoFocus value={username} onChange={(e) => setUsername(e.target.value)} />
    </FormDialog>
  );
}
