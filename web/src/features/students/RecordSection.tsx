import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One titled part of the student record (a region named by its heading). */
export function RecordSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `student-record-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h6" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
