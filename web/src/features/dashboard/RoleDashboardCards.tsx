import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { generatePath, Link as RouterLink } from 'react-router';
import { paths } from '#shared/paths';
import type { DashboardCohort, DashboardDocuments, DashboardMoney } from '#contract/dashboard';
import { formatDollars } from '#shared/lib/money';
import { CardHeading } from './CardHeading';
import { FactList } from './FactList';
import { PaymentsChart } from './PaymentsChart';

const dollars = (cents: number) => formatDollars(cents / 100);

function DashboardCard({ id, title, link, children }: { id: string; title: string; link?: { label: string; to: string }; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <CardHeading id={id} title={title} />
        {children}
        {link && (
          <Box sx={{ mt: 2 }}>
            <Button component={RouterLink} to={link.to} variant="outlined" size="small">
              {link.label}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

const listStyle = { listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 } as const;
const rowStyle = { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' } as const;

export function AcknowledgementsCard({ documents }: { documents: DashboardDocuments }) {
  const rows = documents.awaiting_acknowledgement;
  return (
    <DashboardCard id="dashboard-acknowledgements" title="Awaiting acknowledgement" link={{ label: 'Document Management', to: paths.documents }}>
      {rows.length === 0 ? (
        <Typography color="text.secondary">No mandatory documents.</Typography>
      ) : (
        <Box component="ul" sx={listStyle}>
          {rows.map((row) => (
            <Box component="li" key={row.document_id} sx={rowStyle}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{row.title}</Typography>
                <Typography variant="body2" color="text.secondary">{`${row.acknowledged} of ${row.expected} acknowledged`}</Typography>
              </Box>
              <Chip size="small" color={row.awaiting ? 'warning' : 'success'} label={row.awaiting ? `${row.awaiting} awaiting` : 'All done'} />
            </Box>
          ))}
        </Box>
      )}
    </DashboardCard>
  );
}

export function RecentUploadsCard({ documents }: { documents: DashboardDocuments }) {
  const rows = documents.recent_uploads;
  return (
    <DashboardCard id="dashboard-uploads" title="Recent uploads">
      {rows.length === 0 ? (
        <Typography color="text.secondary">No documents yet.</Typography>
      ) : (
        <Box component="ul" sx={listStyle}>
          {rows.map((row) => (
            <Box component="li" key={row.document_id}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{row.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {`${row.uploaded_by} · ${new Date(row.uploaded_at).toLocaleDateString()}`}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </DashboardCard>
  );
}

export function MoneyCard({ money }: { money: DashboardMoney }) {
  return (
    <DashboardCard id="dashboard-money" title="This month" link={{ label: 'Finance Ledger', to: paths.finance }}>
      <FactList
        facts={[
          { label: `Collected (${money.payments} payments)`, value: dollars(money.collected_cents) },
          { label: `Refunds (${money.refunds})`, value: `−${dollars(money.refunded_cents)}` },
          { label: 'Net', value: dollars(money.net_cents) },
        ]}
      />
    </DashboardCard>
  );
}

export function PaymentsChartCard({ money }: { money: DashboardMoney }) {
  return (
    <DashboardCard id="dashboard-chart" title="Payments, last 30 days">
      <PaymentsChart daily={money.daily} />
    </DashboardCard>
  );
}

export function CohortHealthCard({ cohorts }: { cohorts: DashboardCohort[] }) {
  return (
    <DashboardCard id="dashboard-cohorts" title="Cohort health" link={{ label: 'Cohort Management', to: paths.cohortManagement }}>
      {cohorts.length === 0 ? (
        <Typography color="text.secondary">No cohorts yet.</Typography>
      ) : (
        <Box component="ul" sx={listStyle}>
          {cohorts.map((c) => (
            <Box component="li" key={c.cohort_id} sx={rowStyle}>
              <Box sx={{ minWidth: 0 }}>
                <Typography component={RouterLink} to={generatePath(paths.cohortDetail, { cohortId: c.cohort_id })} sx={{ color: 'primary.main', overflowWrap: 'anywhere' }}>
                  {c.label}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {`${c.students} students · ${c.paid} paid in full · ${c.outstanding} owing ${dollars(c.outstanding_cents)}`}
                </Typography>
              </Box>
              {!c.is_active && <Chip size="small" label="Inactive" />}
            </Box>
          ))}
        </Box>
      )}
    </DashboardCard>
  );
}
