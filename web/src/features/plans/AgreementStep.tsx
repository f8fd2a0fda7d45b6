import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

interface Props {
  text: string;
  typedName: string;
  accepted: boolean;
  onTypedName: (name: string) => void;
  onAccepted: (accepted: boolean) => void;
}

/** Step 3: the plan agreement, accepted with the student's typed name (kept with the plan and audited). */
export function AgreementStep({ text, typedName, accepted, onTypedName, onAccepted }: Props) {
  return (
    <Stack spacing={2}>
      <Box component="section" aria-label="Plan agreement" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, bgcolor: 'action.hover' }}>
        <Typography>{text}</Typography>
      </Box>
      <TextField id="plan-typed-name" label="Type your full name" value={typedName} onChange={(e) => onTypedName(e.target.value)} autoComplete="name" sx={{ maxWidth: 420 }} />
      <FormControlLabel control={<Checkbox checked={accepted} onChange={(e) => onAccepted(e.target.checked)} />} label="I have read and accept the payment plan agreement" />
    </Stack>
  );
}
