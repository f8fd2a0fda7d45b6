import Stack from '@mui/material/Stack';
import { brand } from '../../app/brand';
import { useSignedInUser } from '../../components/RequireAuth';
import { DashboardHeaderCard } from './DashboardHeaderCard';

/** Student dashboard at /Dashboard (signed-in users only; see app/router). */
export default function DashboardPage() {
  const user = useSignedInUser();
  return (
    <Stack spacing={3}>
      <title>{`Dashboard · ${brand.productName}`}</title>
      <DashboardHeaderCard user={user} />
      {/*
        Issue 3: the My Registration, My Bill and My Financial Aid cards go here, in a
        responsive grid below the header card. Nothing is shown for them until they are real.
      */}
    </Stack>
  );
}
