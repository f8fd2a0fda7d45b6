import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { ConfirmDialog } from '#shared/components/ConfirmDialog';
import { serverErrorOf } from '#shared/lib/serverError';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { SAVE_FAILED_FALLBACK } from './studentMessages';

interface Props {
  label: string;
  color: ButtonProps['color'];
  /** The question in the confirmation dialog. */
  question: string;
  confirmLabel: string;
  disabled?: boolean;
  busy: boolean;
  /** The call; resolves to the success toast's text. A refusal becomes an error toast in plain words. */
  run: () => Promise<string>;
}

/**
 * An admin's action on a student's account (sign-in on or off, two-step sign-in reset, sign-out everywhere):
 * a button, a confirmation, then the call and a toast saying what happened.
 */
export function ConfirmedActionButton({ label, color, question, confirmLabel, disabled = false, busy, run }: Props) {
  const [asking, setAsking] = useState(false);
  const toast = useToast(TOAST_MS);

  const confirm = async () => {
    setAsking(false);
    try {
      toast(await run());
    } catch (error) {
      toast(serverErrorOf(error) ?? SAVE_FAILED_FALLBACK, 'error');
    }
  };

  return (
    <>
      <Button variant="outlined" color={color} disabled={disabled || busy} onClick={() => setAsking(true)}>
        {label}
      </Button>
      <ConfirmDialog open={asking} title={label} message={question} confirmLabel={confirmLabel} onConfirm={() => void confirm()} onCancel={() => setAsking(false)} />
    </>
  );
}
