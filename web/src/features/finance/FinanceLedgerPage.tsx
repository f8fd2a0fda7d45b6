import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { PageHeading } from '#shared/components/PageHeading';
import { getRuntimeConfig } from '#shared/runtimeConfig';
import { useSignedInUser } from '#shared/session/currentUser';
import type { PaymentSummary } from '#contract/payments';
import { downloadCsv } from '#shared/lib/csv';
import { formatDollars } from '#shared/lib/money';
import { ListOrStatus, LoadMoreButton } from '#shared/components/PagedList';
import { useGetPaymentLedgerInfiniteQuery } from './financeApi';
import { ledgerCsv, ledgerCsvFileName } from './ledgerCsv';
import { LedgerFiltersForm } from './LedgerFiltersForm';
import { NO_FILTERS, type LedgerFilters } from './ledgerQuery';
import { LedgerTable } from './LedgerTable';
import { ledgerTotals } from './ledgerTotals';
import { ReconcileDialog } from './ReconcileDialog';
import { RefundDialog } from './RefundDialog';
import { watchFor } from './refundWatch';
import { useRefundLanding } from './useRefundLanding';

/** Under the filters while no status is chosen: what the unfiltered list leaves out, and how to see it. */
const UNFILTERED_NOTE =
  'Showing payments that moved money or failed. Checkouts that were opened but not paid (Pending) and canceled checkouts appear only when you filter by that status.';

/** Finance Ledger at /finance (finance staff and admins): every card payment, reconcilable with Stripe. */
export default function FinanceLedgerPage() {
  const user = useSignedInUser();
  const [filters, setFilters] = useState<LedgerFilters>(NO_FILTERS);
  const ledger = useGetPaymentLedgerInfiniteQuery(filters);
  const payments = ledger.data?.pages.flatMap((page) => page.results) ?? [];
  const totals = ledgerTotals(payments);
  const [refunding, setRefunding] = useState<PaymentSummary | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [reconciling, setReconciling] = useState(false);
  const publishableKey = getRuntimeConfig().payments.publishableKey;

  // the row changes by itself once Stripe's refund event is recorded (no Refresh needed)
  const refundText = useRef('');
  const landing = useRefundLanding((landed) =>
    // a notice dismissed meanwhile stays dismissed
    setNotice(
      (current) =>
        current &&
        (landed
          ? `${refundText.current} confirmed by Stripe and recorded.`
          : `${refundText.current} requested. Stripe has not confirmed it yet; press Refresh in a moment to see it.`),
    ),
  );

  const refundRequested = (amount: number) => {
    refundText.current = `Refund of ${formatDollars(amount)} for ${refunding?.payment_intent_id}`;
    setNotice(`${refundText.current} requested. It will appear here once Stripe confirms it.`);
    if (refunding) landing.watch(watchFor(refunding, amount));
    setRefunding(null);
  };

  return (
    <Stack spacing={3} component="section" aria-labelledby="page-title">
      <PageHeading title="Finance Ledger" subtitle="Card payments across students, each linked to the payment in Stripe." />
      <LedgerFiltersForm applied={filters} onApply={setFilters} />
      {filters.status === '' && (
        <Typography variant="body2" color="text.secondary">
          {UNFILTERED_NOTE}
        </Typography>
      )}
      {notice && (
        <Alert severity="success" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <Card component="section" aria-label="Totals">
        <CardContent sx={totalsGrid}>
          <Total label="Payments loaded" value={String(totals.count)} />
          <Total label="Collected" value={formatDollars(totals.collected)} />
          <Total label="Refunded" value={formatDollars(totals.refunded)} />
          <Total label="Net" value={formatDollars(totals.net)} />
        </CardContent>
      </Card>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={payments.length === 0} onClick={() => downloadCsv(ledgerCsv(payments), ledgerCsvFileName())}>
          Export CSV
        </Button>
        <Button startIcon={<RefreshIcon />} disabled={ledger.isFetching} onClick={() => void ledger.refetch()}>
          Refresh
        </Button>
        <Button startIcon={<SyncIcon />} onClick={() => setReconciling(true)}>
          Reconcile with Stripe
        </Button>
      </Stack>
      <ListOrStatus
        loading={ledger.isLoading}
        loadingText="Loading payments..."
        failure={ledger.isError && <Alert severity="error">Unable to load payments</Alert>}
        empty={payments.length === 0 && 'No payments found for these filters.'}
      >
        <LedgerTable payments={payments} publishableKey={publishableKey} onRefund={user.isAdmin ? setRefunding : undefined} />
      </ListOrStatus>
      <LoadMoreButton query={ledger} />
      {reconciling && <ReconcileDialog publishableKey={publishableKey} onClose={() => setReconciling(false)} />}
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} onRequested={refundRequested} />}
    </Stack>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </Box>
  );
}

const totalsGrid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } } as const;
