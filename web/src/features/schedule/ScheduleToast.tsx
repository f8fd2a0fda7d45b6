import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

/** The schedule editor's toasts hide after 4000 ms, as the spec fixes. */
export const SCHEDULE_TOAST_MS = 4000;

export interface ScheduleToastMessage {
  /** Changes with every message, so a new one replaces the last and restarts the timer. */
  id: number;
  text: string;
}

/**
 * The editor's own success toast. Unlike the app-wide queue (shared/toast/Toaster), a new
 * message replaces the current one: quick edits should not queue up 4 seconds each.
 */
export function ScheduleToast({ message, onClose }: { message: ScheduleToastMessage | null; onClose: () => void }) {
  if (!message) return null;
  return (
    <Snackbar
      key={message.id}
      open
      autoHideDuration={SCHEDULE_TOAST_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
    >
      <Alert severity="success" variant="filled" onClose={onClose} sx={{ width: '100%' }}>
        {message.text}
      </Alert>
    </Snackbar>
  );
}
