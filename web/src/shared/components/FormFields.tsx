import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import type { ReactNode } from 'react';

/** The fields of a FormDialog, one under another, after the failed save's message (if any). */
export function FormFields({ failure, children }: { failure?: string | null; children: ReactNode }) {
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      {failure && <Alert severity="error">{failure}</Alert>}
      {children}
    </Stack>
  );
}

/** An on/off field of a form: a switch with its label. */
export function SwitchField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return <FormControlLabel control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} />} label={label} />;
}
