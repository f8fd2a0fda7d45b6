import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { lazy, Suspense } from 'react';
import { brand } from '#shared/brand';
import { isStudentUser } from '#shared/session/currentUser';
import { gridSx } from '#shared/components/gridSx';
import { PageLoading } from '#shared/components/PageLoading';
import { useSignedInUser } from '#shared/session/currentUser';
import { DashboardHeaderCard } from './DashboardHeaderCard';
import { MyBillCard } from './MyBillCard';
import { MyFinancialAidCard } from './MyFinancialAidCard';
import { MyRegistrationCard } from './MyRegistrationCard';

// Staff, finance and admins get a dashboard of their own, in its own chunk
const RoleDashboard = lazy(() => import('./RoleDashboard'));
// My Clinicals loads after the page (the /Dashboard route's JavaScript has a budget); it shows only with a rotation
const MyClinicalsCard = lazy(() => import('./MyClinicalsCard'));
// Account holds load the same way; they show only while the student has a hold
const MyHoldsCard = lazy(() => import('./MyHoldsCard'));
// My Plan too; it shows only while the student has a payment plan
const MyPlanCard = lazy(() => import('./MyPlanCard'));

/** Student dashboard at /Dashboard (signed-in users only; see app/router). */
export default function DashboardPage() {
  const user = useSignedInUser();
  if (!isStudentUser(user)) {
    return (
      <Suspense fallback={<PageLoading />}>
        <RoleDashboard user={user} />
      </Suspense>
    );
  }
  return (
    <Stack spacing={3}>
      <title>{`Dashboard · ${brand.productName}`}</title>
      <DashboardHeaderCard user={user} />
      <Box sx={cardGrid}>
        <MyRegistrationCard />
        <MyBillCard username={user.username} />
        <Suspense fallback={null}>
          <MyPlanCard username={user.username} />
        </Suspense>
        <Suspense fallback={null}>
          <MyHoldsCard username={user.username} />
        </Suspense>
        <MyFinancialAidCard />
        <Suspense fallback={null}>
          <MyClinicalsCard username={user.username} />
        </Suspense>
      </Box>
    </Stack>
  );
}

const cardGrid = gridSx({ xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, 3);
