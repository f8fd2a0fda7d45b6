import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useGetStudentPlansQuery } from '#shared/api/paymentPlans';
import { PageHeading } from '#shared/components/PageHeading';
import { PageLoading } from '#shared/components/PageLoading';
import { RetryAlert } from '#shared/components/RetryAlert';
import { isOpenPlan } from '#shared/lib/planChoices';
import { paths } from '#shared/paths';
import { useSignedInUser } from '#shared/session/currentUser';
import { PLAN_LOAD_FAILED, RETURN_FAILED, RETURN_SUCCEEDED } from './myPlanMessages';
import { StudentPlanCard } from './StudentPlanCard';

/**
 * The bank's 3-D Secure page sends the browser back here with Stripe's query (?payment_intent=...&redirect_status=
 * succeeded|failed): said in a sentence once, and the query dropped so a reload does not say it again.
 */
function useReturnFromBank(refetch: () => unknown) {
  const [search, setSearch] = useSearchParams();
  const [returned, setReturned] = useState<'succeeded' | 'failed' | null>(null);
  const status = search.get('redirect_status');
  useEffect(() => {
    if (!status) return;
    setReturned(status === 'succeeded' ? 'succeeded' : 'failed');
    setSearch({}, { replace: true });
    void refetch();
  }, [status, setSearch, refetch]);
  return returned;
}

/** My Plan (/payment-plan): each of the student's payment plans, its payments, and paying and changing how it is paid. */
export default function MyPlanPage() {
  const user = useSignedInUser();
  const plans = useGetStudentPlansQuery(user.username);
  const returned = useReturnFromBank(plans.refetch);
  const holderName = `${user.first_name} ${user.last_name}`.trim();
  const shown = [...(plans.data ?? [])].sort((a, b) => Number(isOpenPlan(b)) - Number(isOpenPlan(a)));

  return (
    <Stack spacing={3}>
      <PageHeading title="My Plan" subtitle="Your payment plans: what is due, when, and how it is paid." />
      {returned && <Alert severity={returned === 'succeeded' ? 'success' : 'error'}>{returned === 'succeeded' ? RETURN_SUCCEEDED : RETURN_FAILED}</Alert>}
      {plans.isLoading && <PageLoading label="Loading your payment plans..." />}
      {plans.isError && <RetryAlert message={PLAN_LOAD_FAILED} retry={plans.refetch} />}
      {plans.isSuccess && shown.length === 0 && <Typography>You have no payment plan.</Typography>}
      {shown.map((plan) => (
        <StudentPlanCard key={plan.id} plan={plan} holderName={holderName} />
      ))}
      {plans.isSuccess && (
        <div>
          <Button component={RouterLink} to={paths.planWizard} variant="outlined">
            Set up a payment plan
          </Button>
        </div>
      )}
    </Stack>
  );
}
