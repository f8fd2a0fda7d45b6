import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DashboardMoney } from '#contract/dashboard';
import { formatDollars } from '#shared/lib/money';
import { visuallyHidden } from '#shared/lib/visuallyHidden';
import { ColumnHeads } from '#shared/components/ColumnHeads';

/**
 * The last 30 days of card payments as plain CSS bars (no chart library: the dashboard has a size
 * budget). The bars are decoration for sighted users; the figures are in the table read out instead.
 */
export function PaymentsChart({ daily }: { daily: DashboardMoney['daily'] }) {
  const max = Math.max(1, ...daily.map((d) => d.collected_cents));
  const total = daily.reduce((n, d) => n + d.collected_cents, 0);
  const paidDays = daily.filter((d) => d.payments > 0);
  return (
    <Box sx={{ position: 'relative' }}>
      <Box aria-hidden sx={barsStyle}>
        {daily.map((d) => (
          <Box
            key={d.date}
            title={`${d.date}: ${formatDollars(d.collected_cents / 100)}`}
            sx={{
              flex: 1,
              minWidth: 2,
              bgcolor: d.collected_cents ? 'primary.main' : 'divider',
              height: `${Math.max(2, (d.collected_cents / max) * 100)}%`,
              borderRadius: '2px 2px 0 0',
            }}
          />
        ))}
      </Box>
      <Box aria-hidden sx={{ display: 'flex', justifyContent: 'space-between', color: 'text.secondary', typography: 'caption', mt: 0.5 }}>
        <span>{daily[0]?.date}</span>
        <span>{daily[daily.length - 1]?.date}</span>
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {`${formatDollars(total / 100)} in ${paidDays.reduce((n, d) => n + d.payments, 0)} payments over the last ${daily.length} days`}
      </Typography>
      {/* clipped by its wrapper: a table is never narrower than its content */}
      <Box sx={visuallyHidden}>
        <Box component="table">
          <caption>Card payments per day, last {daily.length} days</caption>
          <ColumnHeads names={['Day', 'Collected']} />
          <tbody>
            {paidDays.map((d) => (
              <tr key={d.date}>
                <td>{d.date}</td>
                <td>{formatDollars(d.collected_cents / 100)}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Box>
  );
}

const barsStyle = { display: 'flex', alignItems: 'flex-end', gap: '2px', height: 120, borderBottom: 1, borderColor: 'divider' } as const;
