import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface Props {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  /** Text values (dates) read better smaller than figures. */
  small?: boolean;
}

/** One summary card: a label, its value and an optional line below. */
export function StatCard({ label, value, detail, small = false }: Props) {
  return (
    <Card component="section" aria-label={label}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" component="h3">
          {label}
        </Typography>
        <Typography variant={small ? 'body1' : 'h5'} component="p" sx={small ? { fontWeight: 500 } : undefined}>
          {value}
        </Typography>
        {detail && (
          <Typography variant="body2" color="text.secondary" component="div">
            {detail}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** Four cards in a row on wide screens, two on small ones. */
export const statGrid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } } as const;
