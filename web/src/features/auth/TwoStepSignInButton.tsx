import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';

// the dialog, its calls and the QR encoder load when it is opened, not with the header
const TwoStepSignInDialog = lazy(() => import('./TwoStepSignInDialog'));

/** The header's "Two-step sign-in" button for students: their own TOTP, in a dialog. */
export function TwoStepSignInButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button color="inherit" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Two-step sign-in
      </Button>
      {open && (
        <Suspense fallback={null}>
          <TwoStepSignInDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
