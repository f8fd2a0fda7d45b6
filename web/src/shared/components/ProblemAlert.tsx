import Alert from '@mui/material/Alert';

/** A failed check or save inside a form or page, announced as it appears (role="alert"); nothing while there is none. */
export function ProblemAlert({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <Alert severity="error" role="alert">
      {problem}
    </Alert>
  );
}
