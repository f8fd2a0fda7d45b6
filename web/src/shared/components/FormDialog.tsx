import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { FormEvent, ReactNode } from 'react';

/**
 * The frame of every form in a dialog: title, fields, Cancel and the submit button. While `busy` the
 * buttons are disabled and neither Escape nor a click outside closes it, so a save is never half-seen.
 * `id` names the title (`<id>-title`), which labels the dialog.
 */
export function FormDialog({
  id,
  title,
  submitLabel,
  busy = false,
  maxWidth = 'sm',
  onClose,
  onSubmit,
  children,
}: {
  id: string;
  title: ReactNode;
  submitLabel: ReactNode;
  busy?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth={maxWidth} aria-labelledby={`${id}-title`}>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
