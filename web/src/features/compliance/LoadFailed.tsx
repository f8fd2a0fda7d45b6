import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { LOAD_FAILED, problemOf } from './complianceMessages';

/** A compliance screen's load that failed: the API's sentence (or ours) and a Retry. */
export function LoadFailed({ error, retry }: { error: unknown; retry: () => unknown }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void retry()}>
          Retry
        </Button>
      }
    >
      {problemOf(error, LOAD_FAILED)}
    </Alert>
  );
}
