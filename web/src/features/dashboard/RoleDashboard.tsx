import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { brand } from '#shared/brand';
import { gridSx } from '#shared/components/gridSx';
import { PageLoading } from '#shared/components/PageLoading';
import type { UserInfo } from '#contract/users';
import { useGetDashboardSummaryQuery } from './roleDashboardApi';
import { AcknowledgementsCard, CohortHealthCard, MoneyCard, PaymentsChartCard, RecentUploadsCard } from './RoleDashboardCards';
import { welcomeText } from './welcome';

const roleName = (user: UserInfo) => (user.isAdmin ? 'Administrator' : [user.is_staff && 'Staff', user.is_finance && 'Finance'].filter(Boolean).join(' and '));

/**
 * The dashboard of staff, finance and admins (students keep theirs). Its own lazy chunk, so the
 * student dashboard's code does not grow; no student record is read (they have none: it was a 404).
 * The role's screens are in the header; each card links to the screen its figures come from.
 */
export default function RoleDashboard({ user }: { user: UserInfo }) {
  const { data, error, isLoading } = useGetDashboardSummaryQuery();
  return (
    <Stack spacing={3}>
      <title>{`Dashboard · ${brand.productName}`}</title>
      <Card component="section" aria-labelledby="dashboard-welcome">
        <CardContent>
          <Typography id="dashboard-welcome" variant="h4" component="h1" gutterBottom>
            {welcomeText(user)}
          </Typography>
          <Typography color="text.secondary">{user.email ? `${roleName(user)} · ${user.email}` : roleName(user)}</Typography>
        </CardContent>
      </Card>
      {isLoading && <PageLoading label="Loading dashboard..." />}
      {error && (
        <Typography color="error" role="alert">
          Unable to load the dashboard figures. Please refresh the page.
        </Typography>
      )}
      {data && (
        <Box sx={cardGrid}>
          {data.money && <MoneyCard money={data.money} />}
          {data.money && <PaymentsChartCard money={data.money} />}
          {data.documents && <AcknowledgementsCard documents={data.documents} />}
          {data.documents && <RecentUploadsCard documents={data.documents} />}
          {data.cohorts && <CohortHealthCard cohorts={data.cohorts} />}
        </Box>
      )}
    </Stack>
  );
}

const cardGrid = gridSx({ xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, 3);
