import { TextInput } from '#shared/components/TextInput';

/** The 6-digit code field of every TOTP form: numeric keypad on phones, the browser may fill it from an SMS/app. */
export function TotpCodeInput({ id, value, onChange, autoFocus = true }: { id: string; value: string; onChange: (code: string) => void; autoFocus?: boolean }) {
  return (
    <TextInput
      id={id}
      name="one-time-code"
      label="6-digit code"
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      value={value}
      // spaces and dashes as some apps show them are dropped; the server checks the rest
      onChange={(event) => onChange(event.target.value.replace(/[\s-]/g, '').slice(0, 6))}
      inputProps={{ inputMode: 'numeric', pattern: '[0-9]*', maxLength: 7 }}
    />
  );
}
