import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { NativeSelect } from '#shared/components/NativeSelect';
import { SelectOptions } from '#shared/components/SelectOptions';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { useAssignStudentsMutation, useListCohortOptionsQuery, type AssignInput } from './clinicalApi';
import { problemOf, SAVE_FAILED } from './clinicalMessages';

/** Usernames as typed, split on commas, spaces or lines. */
const usernamesOf = (typed: string) => typed.split(/[\s,;]+/).filter(Boolean);

/**
 * Adds students to the rotation, some by username or a whole cohort. A refusal (409: more than the rotation has room
 * for) is the server's sentence, through `onProblem`, so the page shows one problem at a time.
 */
export function AssignStudentsForm({ rotationId, onProblem }: { rotationId: string; onProblem: (problem: string | null) => void }) {
  const toast = useToast(TOAST_MS);
  const cohorts = useListCohortOptionsQuery();
  const [assign, { isLoading }] = useAssignStudentsMutation();
  const [usernames, setUsernames] = useState('');
  const [cohortId, setCohortId] = useState('');

  const send = async (body: AssignInput, done: () => void) => {
    onProblem(null);
    try {
      await assign({ id: rotationId, ...body }).unwrap();
      done();
      toast('Students added.', 'success');
    } catch (error) {
      onProblem(problemOf(error, SAVE_FAILED));
    }
  };
  const addUsernames = (event: FormEvent) => {
    event.preventDefault();
    const names = usernamesOf(usernames);
    if (names.length === 0) return onProblem('Type at least one username.');
    void send({ usernames: names }, () => setUsernames(''));
  };
  const addCohort = (event: FormEvent) => {
    event.preventDefault();
    if (!cohortId) return onProblem('Choose a cohort.');
    void send({ cohort_id: cohortId }, () => setCohortId(''));
  };
  const cohortOptions = (cohorts.data ?? []).map((c) => [c.id, `${c.program_name} ${c.academic_year} #${c.cohort_number}`] as const);

  return (
    <Box sx={layout}>
      <Box component="form" aria-label="Add students by username" onSubmit={addUsernames} sx={row}>
        <TextField id="assign-usernames" size="small" label="Usernames" placeholder="jdoe, asmith" value={usernames} onChange={(e) => setUsernames(e.target.value)} />
        <Button type="submit" variant="outlined" disabled={isLoading}>
          Add students
        </Button>
      </Box>
      <Box component="form" aria-label="Add a cohort" onSubmit={addCohort} sx={row}>
        <NativeSelect id="assign-cohort" size="small" label="Cohort" value={cohortId} onChange={(e) => setCohortId(e.target.value)}>
          <SelectOptions options={[['', cohorts.isLoading ? 'Loading cohorts...' : 'Choose a cohort'], ...cohortOptions]} />
        </NativeSelect>
        <Button type="submit" variant="outlined" disabled={isLoading}>
          Add cohort
        </Button>
      </Box>
    </Box>
  );
}

const layout = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;
const row = { display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center' } as const;
