import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_CONTACTS } from '#contract/clinical';
import { emptyContact, type ContactDraft } from './siteForm';

const BOXES: Array<[keyof ContactDraft, string]> = [
  ['name', 'Name'],
  ['title', 'Title'],
  ['email', 'Email'],
  ['phone', 'Phone'],
];

/** The site's contacts, each a row of four boxes (two a line on a phone) with its Remove button. */
export function ContactsFields({ contacts, problem, onChange }: { contacts: ContactDraft[]; problem?: string; onChange: (next: ContactDraft[]) => void }) {
  const edit = (index: number, key: keyof ContactDraft, value: string) => onChange(contacts.map((c, i) => (i === index ? { ...c, [key]: value } : c)));
  return (
    <Stack component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2">
        Contacts
      </Typography>
      {contacts.map((contact, index) => (
        <Box key={index} role="group" aria-label={`Contact ${index + 1}`} sx={rowStyle}>
          {BOXES.map(([key, label]) => (
            <TextField key={key} size="small" label={`Contact ${index + 1} ${label.toLowerCase()}`} value={contact[key]} onChange={(e) => edit(index, key, e.target.value)} />
          ))}
          <Button color="error" onClick={() => onChange(contacts.filter((_, i) => i !== index))} aria-label={`Remove contact ${index + 1}`}>
            Remove
          </Button>
        </Box>
      ))}
      {problem && (
        <Typography color="error" variant="body2" role="alert">
          {problem}
        </Typography>
      )}
      <Box>
        <Button variant="outlined" size="small" disabled={contacts.length >= MAX_CONTACTS} onClick={() => onChange([...contacts, emptyContact()])}>
          Add contact
        </Button>
      </Box>
    </Stack>
  );
}

const rowStyle = { display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr) auto' }, alignItems: 'center' } as const;
