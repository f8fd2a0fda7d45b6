import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { DateField } from '#shared/components/FiltersForm';
import { formatCalendarDate } from '#shared/lib/dates';
import { formatDollars } from '#shared/lib/money';
import { useReconcilePaymentsMutation } from './financeApi';
import {
  checkedText,
  defaultReconcileRange,
  RECONCILE_ACTION_LABEL,
  RECONCILE_MAX_DAYS,
  reconcileErrorText,
  reconcileRangeProblem,
  type ReconcileRange,
  type ReconcileResult,
} from './reconcile';
import { stripePaymentUrl } from './stripeDashboard';

/**
 * Reconcile with Stripe: finance picks a range (the last 7 days by default), the server compares each
 * payment created in it with Stripe and records what the portal missed (a dropped webhook); the dialog
 * shows what was checked, what was repaired and what it could not explain.
 */
export function ReconcileDialog({ publishableKey, onClose }: { publishableKey: string; onClose: () => void }) {
  const [range, setRange] = useState<ReconcileRange>(() => defaultReconcileRange());
  const [problem, setProblem] = useState<ReturnType<typeof reconcileRangeProblem>>(null);
  const [reconcile, { data, error, isLoading, reset }] = useReconcilePaymentsMutation();

  const set = (field: keyof ReconcileRange) => (event: { target: { value: string } }) => setRange((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = reconcileRangeProblem(range);
    setProblem(found);
    if (found) {
      reset();
      return;
    }
    await reconcile(range);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="reconcile-title"
      aria-describedby="reconcile-about"
      maxWidth="md"
      fullWidth
      // Most of a small screen for the result table (MUI leaves 32 px around the paper by default).
      slotProps={{
        paper: { sx: { m: { xs: 1, sm: 4 }, width: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 64px)' }, maxHeight: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 64px)' } } },
      }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="reconcile-title">Reconcile with Stripe</DialogTitle>
        <DialogContent>
          <DialogContentText id="reconcile-about">
            Compares every payment created in these dates with Stripe and records anything the portal missed, such as a payment whose confirmation from Stripe never arrived. Each
            repair is written to the audit log. At most {RECONCILE_MAX_DAYS} days at a time.
          </DialogContentText>
          <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' }}>
            <DateField id="reconcile-from" label="From" value={range.from} onChange={set('from')} problem={problem?.field === 'from' ? problem.message : null} />
            <DateField id="reconcile-to" label="To" value={range.to} onChange={set('to')} problem={problem?.field === 'to' ? problem.message : null} />
          </Box>
          {/* Announces the run and how many payments it checked; the rest of the result follows below. */}
          <Box sx={{ mt: 2, mb: 1 }} role="status">
            {isLoading ? (
              <Typography>Comparing payments with Stripe...</Typography>
            ) : (
              data && (
                <Typography>
                  {checkedText(data.checked)} created from {formatCalendarDate(data.from)} to {formatCalendarDate(data.to)}.
                </Typography>
              )
            )}
          </Box>
          {error && !isLoading && <Alert severity="error">{reconcileErrorText(error)}</Alert>}
          {data && !isLoading && <ReconcileOutcome result={data} publishableKey={publishableKey} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Checking...' : 'Check with Stripe'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

type Repair = ReconcileResult['repaired'][number];

function repairColumns(stripeLink: (paymentIntentId: string) => ReactNode): Array<DataColumn<Repair>> {
  return [
    { header: 'Stripe Reference', render: (repair) => stripeLink(repair.payment_intent_id) },
    { header: 'Student', render: (repair) => repair.username },
    {
      header: 'What was recorded',
      render: (repair) => (
        <>
          {RECONCILE_ACTION_LABEL[repair.action] ?? repair.action}
          {repair.detail && <Box sx={{ color: 'text.secondary', fontSize: '0.85em' }}>{repair.detail}</Box>}
        </>
      ),
    },
    { header: 'Amount', align: 'right', nowrap: true, render: (repair) => formatDollars(repair.amount) },
  ];
}

function ReconcileOutcome({ result, publishableKey }: { result: ReconcileResult; publishableKey: string }) {
  const { repaired, unexplained } = result;
  const stripeLink = (paymentIntentId: string) => (
    <Link href={stripePaymentUrl(paymentIntentId, publishableKey)} target="_blank" rel="noopener noreferrer" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
      {paymentIntentId}
      <OpenInNewIcon fontSize="inherit" sx={{ ml: 0.5, verticalAlign: 'middle' }} aria-label="(opens in a new tab)" />
    </Link>
  );
  return (
    <Box component="section" aria-label="Reconciliation result" sx={{ display: 'grid', gap: 2 }}>
      {repaired.length === 0 && unexplained.length === 0 ? (
        <Alert severity="success">Everything matches Stripe.</Alert>
      ) : (
        <>
          <Box component="section" aria-labelledby="reconcile-repaired">
            <Typography id="reconcile-repaired" variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
              Repaired ({repaired.length})
            </Typography>
            {repaired.length === 0 ? (
              <Typography>Nothing needed repairing.</Typography>
            ) : (
              <>
                <Typography variant="body2" color="text.secondary">
                  The portal had missed these. Each is now recorded, and written to the audit log.
                </Typography>
                <DataTable
                  label="Repairs"
                  outlined={false}
                  columns={repairColumns(stripeLink)}
                  rows={repaired}
                  rowKey={(repair) => `${repair.payment_intent_id}-${repair.action}`}
                />
              </>
            )}
          </Box>
          <Box component="section" aria-labelledby="reconcile-unexplained">
            <Typography id="reconcile-unexplained" variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
              Not explained ({unexplained.length})
            </Typography>
            {unexplained.length === 0 ? (
              <Typography>No differences are left to explain.</Typography>
            ) : (
              <>
                <Typography variant="body2" color="text.secondary">
                  The portal could not explain or repair these by itself and changed nothing for them. Look at each one in Stripe.
                </Typography>
                <Box component="ul" aria-label="Differences not explained" sx={{ m: 0, pl: 3 }}>
                  {unexplained.map((difference) => (
                    <li key={`${difference.payment_intent_id}-${difference.problem}`}>
                      {stripeLink(difference.payment_intent_id)} ({difference.username ?? 'no student found'}): {difference.problem}
                    </li>
                  ))}
                </Box>
              </>
            )}
          </Box>
        </>
      )}
    </Box>
  );
}
