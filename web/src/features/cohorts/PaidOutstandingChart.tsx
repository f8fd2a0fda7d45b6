import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { formatDollars } from '#shared/lib/money';

type Colour = 'success' | 'warning';
const PAID: Colour = 'success';
const OUTSTANDING: Colour = 'warning';
// sx resolves palette names for colours and backgrounds only, so SVG fills read the theme themselves.
const fill = (colour: Colour) => ({ fill: (theme: Theme) => theme.palette[colour].main });

/**
 * What the cohort has paid against what it still owes, as one stacked bar (plain SVG: no chart
 * library for two numbers). The figures are also written out, for screen readers and print.
 */
export function PaidOutstandingChart({ paid, outstanding }: { paid: number; outstanding: number }) {
  const total = paid + outstanding;
  const paidShare = total > 0 ? paid / total : 0;
  const percent = (share: number) => `${Math.round(share * 100)}%`;
  const summary = `Paid ${formatDollars(paid)} (${percent(paidShare)}), outstanding ${formatDollars(outstanding)} (${percent(total > 0 ? 1 - paidShare : 0)})`;

  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle2" gutterBottom>
        Paid vs outstanding
      </Typography>
      <Box component="svg" viewBox="0 0 100 8" preserveAspectRatio="none" role="img" aria-label={summary} sx={{ width: '100%', height: 24, display: 'block' }}>
        <Box component="rect" x={0} y={0} width={100} height={8} sx={{ fill: (theme: Theme) => theme.palette.grey[200] }} />
        {total > 0 && <Box component="rect" x={0} y={0} width={paidShare * 100} height={8} sx={fill(PAID)} />}
        {total > 0 && <Box component="rect" x={paidShare * 100} y={0} width={(1 - paidShare) * 100} height={8} sx={fill(OUTSTANDING)} />}
      </Box>
      <Box component="ul" aria-hidden sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        <Legend colour={PAID} label={`Paid ${formatDollars(paid)}`} />
        <Legend colour={OUTSTANDING} label={`Outstanding ${formatDollars(outstanding)}`} />
      </Box>
    </Box>
  );
}

function Legend({ colour, label }: { colour: Colour; label: string }) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: `${colour}.main` }} />
      <Typography variant="body2">{label}</Typography>
    </Box>
  );
}
