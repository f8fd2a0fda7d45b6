import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A dashboard card's title (h2, referenced by the card's aria-labelledby) with an optional chip beside it. */
export function CardHeading({ id, title, chip }: { id: string; title: string; chip?: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      <Typography id={id} variant="h6" component="h2">
        {title}
      </Typography>
      {chip}
    </Stack>
  );
}
