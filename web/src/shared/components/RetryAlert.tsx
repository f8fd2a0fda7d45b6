import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A read that failed, said in place of what it would have shown, with a Retry that reads it again. */
export function RetryAlert({ message, retry }: { message: string; retry: () => unknown }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void retry()}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
