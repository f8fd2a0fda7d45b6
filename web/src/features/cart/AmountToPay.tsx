import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { formatDollars } from '#shared/lib/money';
import type { CartItem } from '#shared/cart/cartSlice';
import { amountProblem, MINIMUM_PART_PAYMENT, typedAmount } from './owed';

/**
 * "Amount to pay" of a bill item: all of a program's balance or a part of it. A valid
 * amount goes to the cart as it is typed; an invalid one stays in the field with a plain sentence
 * saying why, and `onInvalid` tells the page (which then holds back the checkout). `owed` is what
 * the student record says is owed on the program, or null while it is unknown.
 */
export function AmountToPay({
  item,
  owed,
  onAmountChange,
  onInvalid,
}: {
  item: CartItem;
  owed: number | null;
  onAmountChange: (amount: number, quantity?: number) => void;
  onInvalid: (invalid: boolean) => void;
}) {
  const [draft, setDraft] = useState(item.amount.toFixed(2));
  const [typed, setTyped] = useState(false);
  const [shown, setShown] = useState(item.amount);
  // The amount changed elsewhere (Pay all, the checkout's fix, another line of code): the field follows.
  if (shown !== item.amount) {
    setShown(item.amount);
    if (typedAmount(draft) !== item.amount) {
      setDraft(item.amount.toFixed(2));
      setTyped(false);
    }
  }

  // Only what the student typed is judged here; an amount the cart holds beyond what is owed is
  // said once, by the line's own notice (CartItemCard).
  const problem = typed ? amountProblem(draft, owed, item.program_name) : null;
  useEffect(() => onInvalid(problem !== null), [problem, onInvalid]);

  const change = (text: string) => {
    setDraft(text);
    setTyped(true);
    if (amountProblem(text, owed, item.program_name) === null) onAmountChange(typedAmount(text));
  };
  const payAll = () => {
    if (owed === null) return;
    setDraft(owed.toFixed(2));
    setTyped(false);
    onAmountChange(owed, 1);
  };

  const id = `amount-${item.id}`;
  // Two lines, the same height before and after the student record arrives: the card below does not move (CLS).
  const minimum = formatDollars(owed === null ? MINIMUM_PART_PAYMENT : Math.min(MINIMUM_PART_PAYMENT, owed));
  const helper = problem ?? (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {owed === null ? 'Checking what you owe for this program…' : owed > 0 ? `You owe ${formatDollars(owed)} for this program.` : 'You owe nothing for this program now.'}{' '}
      </Box>
      <Box component="span" sx={{ display: 'block' }}>
        {owed === null || owed > 0 ? `Pay all of it or part of it (at least ${minimum}).` : 'You can remove it from your cart.'}
      </Box>
    </>
  );
  const showPayAll = owed !== null && owed > 0 && (problem !== null || item.quantity !== 1 || Math.round(item.amount * 100) !== Math.round(owed * 100));

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, mt: 1 }}>
      <FormControl variant="outlined" size="small" error={problem !== null} sx={{ maxWidth: { sm: 260 } }} fullWidth>
        <InputLabel htmlFor={id}>Amount to pay</InputLabel>
        <OutlinedInput
          id={id}
          label="Amount to pay"
          inputProps={{ inputMode: 'decimal' }}
          autoComplete="off"
          value={draft}
          startAdornment={<InputAdornment position="start">$</InputAdornment>}
          aria-describedby={`${id}-help`}
          onChange={(event) => change(event.target.value)}
          onBlur={() => {
            if (problem === null && typed) setDraft(typedAmount(draft).toFixed(2));
          }}
        />
        <FormHelperText id={`${id}-help`} {...(problem ? { role: 'alert' } : {})}>
          {helper}
        </FormHelperText>
      </FormControl>
      {showPayAll && (
        <Button size="small" onClick={payAll} aria-label={`Pay all ${formatDollars(owed)} for ${item.program_name}`} sx={{ whiteSpace: 'nowrap', mt: { sm: 0.5 } }}>
          Pay all {formatDollars(owed)}
        </Button>
      )}
    </Stack>
  );
}
