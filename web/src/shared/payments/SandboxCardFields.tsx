import Box from '@mui/material/Box';
import { TextInput } from '../components/TextInput';
import { cardDigits, formatCardNumber, formatExpiry, type SandboxCard } from './sandboxCard';

export const EMPTY_CARD: SandboxCard = { number: '', expiry: '', cvc: '', postalCode: '' };

const numeric = { inputMode: 'numeric' } as const;

/** The local sandbox's card fields (number, expiry, CVC, postal code), each keeping what its format makes of what is typed. */
export function SandboxCardFields({ card, disabled, onChange }: { card: SandboxCard; disabled: boolean; onChange: (card: SandboxCard) => void }) {
  const cardField = (field: keyof SandboxCard, format: (typed: string) => string) => ({
    value: card[field],
    disabled,
    onChange: (event: { target: { value: string } }) => onChange({ ...card, [field]: format(event.target.value) }),
  });
  return (
    <>
      <TextInput id="card-number" label="Card number" inputProps={numeric} autoComplete="cc-number" placeholder="1234 1234 1234 1234" {...cardField('number', formatCardNumber)} />
      <Box sx={{ display: 'grid', gap: { sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <TextInput id="card-expiry" label="Expiry (MM/YY)" inputProps={numeric} autoComplete="cc-exp" placeholder="MM/YY" {...cardField('expiry', formatExpiry)} />
        <TextInput id="card-cvc" label="CVC" inputProps={numeric} autoComplete="cc-csc" {...cardField('cvc', (typed) => cardDigits(typed).slice(0, 4))} />
        <TextInput id="card-postal-code" label="Postal code" autoComplete="postal-code" {...cardField('postalCode', (typed) => typed.slice(0, 10))} />
      </Box>
    </>
  );
}
