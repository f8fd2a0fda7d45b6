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

/** A card's list, or the sentence saying there is nothing to list. `withChip`: each item ends with a chip at its right. */
function CardList<T>({
  items,
  empty,
  keyOf,
  withChip = false,
  render,
}: {
  items: readonly T[];
  empty: string;
  keyOf: (item: T) => string;
  withChip?: boolean;
  render: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Box component="ul" sx={listStyle}>
      {items.map((item) => (
        <Box component="li" key={keyOf(item)} sx={withChip ? rowStyle : undefined}>
          {render(item)}
        </Box>
      ))}
    </Box>
  );
}

export function AcknowledgementsCard({ documents }: { documents: DashboardDocuments }) {
  return (
    <DashboardCard id="dashboard-acknowledgements" title="Awaiting acknowledgement" link={{ label: 'Document Management', to: paths.documents }}>
      <CardList
        items={documents.awaiting_acknowledgement}
        empty="No mandatory documents."
        keyOf={(row) => row.document_id}
        withChip
        render={(row) => (
          <>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{row.title}</Typography>
              <Typography variant="body2" color="text.secondary">{`${row.acknowledged} of ${row.expected} acknowledged`}</Typography>
            </Box>
            <Chip size="small" color={row.awaiting ? 'warning' : 'success'} label={row.awaiting ? `${row.awaiting} awaiting` : 'All done'} />
          </>
        )}
      />
    </DashboardCard>
  );
}

export function RecentUploadsCard({ documents }: { documents: DashboardDocuments }) {
  return (
    <DashboardCard id="dashboard-uploads" title="Recent uploads">
      <CardList
        items={documents.recent_uploads}
        empty="No documents yet."
        keyOf={(row) => row.document_id}
        render={(row) => (
          <>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{row.title}</Typography>
            <Typography variant="body2" color="text.secondary">
              {`${row.uploaded_by} · ${new Date(row.uploaded_at).toLocaleDateString()}`}
            </Typography>
          </>
        )}
      />
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
      <CardList
        items={cohorts}
        empty="No cohorts yet."
        keyOf={(c) => c.cohort_id}
        withChip
        render={(c) => (
          <>
            <Box sx={{ minWidth: 0 }}>
              <Typography component={RouterLink} to={generatePath(paths.cohortDetail, { cohortId: c.cohort_id })} sx={{ color: 'primary.main', overflowWrap: 'anywhere' }}>
                {c.label}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {`${c.students} students · ${c.paid} paid in full · ${c.outstanding} owing ${dollars(c.outstanding_cents)}`}
              </Typography>
            </Box>
            {!c.is_active && <Chip size="small" label="Inactive" />}
          </>
        )}
      />
    </DashboardCard>
  );
}
