import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { NativeSelect } from '#shared/components/NativeSelect';
import { ProblemAlert } from '#shared/components/ProblemAlert';
import { TextInput } from '#shared/components/TextInput';
import { EMPTY_CARD, SandboxCardFields } from '#shared/payments/SandboxCardFields';
import { cardProblem, SETUP_TEST_CARDS, testPaymentMethod } from '#shared/payments/sandboxCard';
import { ACH_MANDATE_TEXT } from './myPlanMessages';
import { authenticateSandboxSetup, confirmSandboxSetup, type BankAccount, type SetupOutcome, type SetupTarget } from './sandboxSetup';

interface Props {
  target: SetupTarget;
  holderName: string;
  onSaved: (paymentMethodId: string) => void;
}

/** The bank account's first problem in a sentence, or null. */
export function bankProblem(bank: BankAccount, authorized: boolean): string | null {
  if (bank.holderName.trim() === '') return 'Enter the account holder’s name.';
  if (!/^\d{9}$/.test(bank.routingNumber)) return 'The routing number must have 9 digits.';
  if (!/^\d{4,17}$/.test(bank.accountNumber)) return 'The account number must have 4 to 17 digits.';
  if (!authorized) return 'Agree to the bank debit authorization to save this account.';
  return null;
}

/** Save a card or US bank account with the local Stripe sandbox (Stripe's test numbers), as Stripe.js would. */
export function SandboxSetupForm({ target, holderName, onSaved }: Props) {
  const [kind, setKind] = useState<'card' | 'bank'>('card');
  const [card, setCard] = useState(EMPTY_CARD);
  const [bank, setBank] = useState<BankAccount>({ holderName, routingNumber: '', accountNumber: '', accountType: 'checking' });
  const [authorized, setAuthorized] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [authenticatePage, setAuthenticatePage] = useState<string | null>(null);

  const settle = (outcome: SetupOutcome) => {
    setBusy(false);
    if ('saved' in outcome) onSaved(outcome.saved);
    else if ('authenticate' in outcome) setAuthenticatePage(outcome.authenticate);
    else setProblem(outcome.error);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const method = kind === 'card' ? testPaymentMethod(card.number, SETUP_TEST_CARDS) : null;
    const found = kind === 'card' ? cardProblem(card, new Date(), SETUP_TEST_CARDS) : bankProblem(bank, authorized);
    setProblem(found);
    if (found) return;
    setBusy(true);
    settle(await confirmSandboxSetup(target, method ? { card: method } : { bank }));
  };

  const authenticate = async (outcome: 'complete' | 'fail') => {
    if (!authenticatePage) return;
    setBusy(true);
    setAuthenticatePage(null);
    settle(await authenticateSandboxSetup(target, authenticatePage, outcome));
  };

  const digits = (field: 'routingNumber' | 'accountNumber', max: number) => ({
    value: bank[field],
    disabled: busy,
    inputProps: { inputMode: 'numeric' as const },
    onChange: (event: { target: { value: string } }) => setBank({ ...bank, [field]: event.target.value.replace(/\D/g, '').slice(0, max) }),
  });

  if (authenticatePage)
    return (
      <Alert severity="info" role="alert">
        <Stack spacing={1}>
          <Typography>Your bank asks you to confirm this card (the sandbox’s 3-D Secure test).</Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => void authenticate('complete')}>
              Complete authentication
            </Button>
            <Button onClick={() => void authenticate('fail')}>Fail authentication</Button>
          </Stack>
        </Stack>
      </Alert>
    );

  return (
    <Stack component="form" spacing={1} noValidate aria-label="Add a card or bank account" onSubmit={save}>
      <RadioGroup row value={kind} onChange={(e) => setKind(e.target.value as 'card' | 'bank')} aria-label="Kind of payment method">
        <FormControlLabel value="card" control={<Radio />} label="Card" disabled={busy} />
        <FormControlLabel value="bank" control={<Radio />} label="US bank account" disabled={busy} />
      </RadioGroup>
      {kind === 'card' ? (
        <SandboxCardFields card={card} disabled={busy} onChange={setCard} />
      ) : (
        <>
          <TextInput id="bank-holder" label="Account holder name" value={bank.holderName} disabled={busy} onChange={(e) => setBank({ ...bank, holderName: e.target.value })} />
          <TextInput id="bank-routing" label="Routing number" {...digits('routingNumber', 9)} />
          <TextInput id="bank-account" label="Account number" {...digits('accountNumber', 17)} />
          <NativeSelect
            id="bank-account-type"
            label="Account type"
            value={bank.accountType}
            disabled={busy}
            onChange={(e) => setBank({ ...bank, accountType: e.target.value as BankAccount['accountType'] })}
          >
            <option value="checking">Checking</option>
            <option value="savings">Savings</option>
          </NativeSelect>
          <Typography variant="body2" color="text.secondary">
            {ACH_MANDATE_TEXT}
          </Typography>
          <FormControlLabel
            control={<Checkbox checked={authorized} disabled={busy} onChange={(e) => setAuthorized(e.target.checked)} />}
            label="I agree to this bank debit authorization"
          />
        </>
      )}
      <ProblemAlert problem={problem} />
      <div>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Saving...' : kind === 'card' ? 'Save card' : 'Save bank account'}
        </Button>
      </div>
    </Stack>
  );
}
