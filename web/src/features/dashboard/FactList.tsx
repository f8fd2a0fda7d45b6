import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
}

/** Label/value rows as a description list (read as pairs by screen readers), values right-aligned. */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    <Box component="dl" sx={listStyle}>
      {facts.map((fact, index) => (
        // Labels may repeat (two unnamed programs share a fallback name), so rows are keyed by position.
        <Box key={index} sx={{ display: 'contents' }}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </Box>
      ))}
    </Box>
  );
}

const listStyle = {
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'center',
  columnGap: 2,
  rowGap: 1,
  m: 0,
  '& dt': { color: 'text.secondary' },
  '& dd': { m: 0, textAlign: 'right', fontWeight: 500 },
} as const;
