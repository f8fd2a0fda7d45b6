import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { PaymentPlanView } from '#contract/payment-plans';
import { useGetStudentPlansQuery } from '#shared/api/paymentPlans';
import { PlanStatusChip } from '#shared/components/PlanStatusChip';
import { formatCalendarDate } from '#shared/lib/dates';
import { formatDollars } from '#shared/lib/money';
import { paths } from '#shared/paths';
import { CardHeading } from './CardHeading';
import { FactList } from './FactList';

const shownOnDashboard = (plan: PaymentPlanView) => plan.status !== 'cancelled';

/**
 * My Plan on the student dashboard: each plan's next debit, what remains and its status, and a link to the page.
 * Loaded apart from the dashboard (its route has a size budget); nothing at all without a plan.
 */
export default function MyPlanCard({ username }: { username: string }) {
  const { data } = useGetStudentPlansQuery(username);
  const plans = (data ?? []).filter(shownOnDashboard);
  if (plans.length === 0) return null;
  const actionNeeded = plans.some((plan) => plan.installments.some((i) => i.status === 'action_needed'));
  return (
    <Card component="section" aria-labelledby="my-plan-title">
      <CardContent>
        <CardHeading id="my-plan-title" title="My Plan" />
        <Stack spacing={2}>
          {actionNeeded && <Alert severity="warning">A payment needs your confirmation: open My Plan and choose Complete payment.</Alert>}
          {plans.map((plan) => (
            <Stack key={plan.id} spacing={1}>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 500 }}>{plan.program_name}</Typography>
                <PlanStatusChip status={plan.status} />
              </Stack>
              <FactList
                facts={[
                  { label: 'Next debit', value: plan.next_debit ? `${formatDollars(plan.next_debit.amount)} on ${formatCalendarDate(plan.next_debit.on)}` : 'None' },
                  { label: 'Remaining', value: formatDollars(plan.remaining) },
                ]}
              />
            </Stack>
          ))}
          <div>
            <Button component={RouterLink} to={paths.myPlan} variant="contained">
              Open My Plan
            </Button>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
