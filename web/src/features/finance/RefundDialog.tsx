import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { PaymentSummary } from '#contract/payments';
import { formatDollars } from '#shared/lib/money';
import { refundableAmount } from '#shared/lib/paymentFormat';
import { serverErrorOf } from '#shared/lib/serverError';
import { useRefundPaymentMutation } from './financeApi';

/** The refund amount typed, if it is a positive amount in cents no larger than what is left; else the problem. */
export function parseRefundAmount(text: string, refundable: number): { amount: number } | { problem: string } {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return { problem: 'Enter an amount in dollars, e.g. 100.00.' };
  const amount = Number(text);
  if (amount <= 0) return { problem: 'The amount must be above $0.00.' };
  if (Math.round(amount * 100) > Math.round(refundable * 100)) return { problem: `At most ${formatDollars(refundable)} can be refunded.` };
  return { amount };
}

/** Admin's refund confirmation; the refund goes to Stripe and lands in the ledger via the webhook. */
export function RefundDialog({ payment, onClose, onRequested }: { payment: PaymentSummary; onClose: () => void; onRequested: (amount: number) => void }) {
  const refundable = refundableAmount(payment);
  const [text, setText] = useState(refundable.toFixed(2));
  const [problem, setProblem] = useState<string | null>(null);
  const [refund, { isLoading, error }] = useRefundPaymentMutation();
  const serverError = serverErrorOf(error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseRefundAmount(text, refundable);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    const result = await refund({ paymentIntentId: payment.payment_intent_id, amount: parsed.amount.toFixed(2), reason: 'requested_by_customer' });
    if (!('error' in result)) onRequested(parsed.amount);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="refund-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="refund-title">Refund payment</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Refund {payment.student_name || payment.username}'s payment {payment.payment_intent_id} of {formatDollars(payment.amount)} through Stripe? Up to{' '}
            {formatDollars(refundable)} can be refunded.
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            margin="normal"
            id="refund-amount"
            label="Amount to refund ($)"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={problem !== null}
            helperText={problem ?? undefined}
          />
          {error && <Alert severity="error">{serverError ?? 'The refund could not be requested. Please try again.'}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={isLoading}>
            {isLoading ? 'Requesting...' : 'Refund'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
