import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Blocker } from 'react-router';

/** Asks before an in-app navigation drops unsaved schedule changes. */
export function LeavePageDialog({ blocker }: { blocker: Blocker }) {
  const open = blocker.state === 'blocked';
  return (
    <Dialog open={open} onClose={() => blocker.reset?.()} aria-labelledby="leave-page-title">
      <DialogTitle id="leave-page-title">Leave without saving?</DialogTitle>
      <DialogContent>
        <DialogContentText>Your schedule has unsaved changes. They will be lost if you leave this page now.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          Stay on Page
        </Button>
        <Button onClick={() => blocker.proceed?.()} color="error">
          Leave Page
        </Button>
      </DialogActions>
    </Dialog>
  );
}
