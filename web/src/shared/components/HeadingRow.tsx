import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A heading with its actions at the other end of the line, wrapping under it on a narrow screen. */
export function HeadingRow({ gap = 2, children }: { gap?: number; children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', gap, justifyContent: 'space-between', alignItems: 'center' }}>{children}</Box>;
}
