import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import { useGetStudentHoldsQuery } from '#shared/api/holds';
import { HoldList } from '#shared/components/HoldList';
import { CardHeading } from './CardHeading';

/**
 * Account holds on the student dashboard: each hold's reason, what it blocks and how to clear it, and what a hold
 * never blocks. Loaded apart from the dashboard (its route has a size budget); nothing at all without a hold (or
 * when the holds cannot be read: My Bill says what the student owes either way).
 */
export default function MyHoldsCard({ username }: { username: string }) {
  const { data } = useGetStudentHoldsQuery(username);
  if (!data || data.holds.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="my-holds-title" sx={{ borderColor: 'warning.main' }} variant="outlined">
      <CardContent>
        <CardHeading
          id="my-holds-title"
          title="Account holds"
          chip={<Chip size="small" color="warning" label={data.holds.length === 1 ? '1 hold' : `${data.holds.length} holds`} />}
        />
        <HoldList holds={data.holds} neverBlocked={data.never_blocked} label="Your holds" />
      </CardContent>
    </Card>
  );
}
