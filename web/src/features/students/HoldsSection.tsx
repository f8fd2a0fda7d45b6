import Typography from '@mui/material/Typography';
import { useGetStudentHoldsQuery } from '#shared/api/holds';
import { serverErrorOf } from '#shared/lib/serverError';
import { HoldList } from '#shared/components/HoldList';
import { RecordSection } from './RecordSection';

const HOLDS_FAILED = 'The holds could not be loaded. Please try again.';

/** The record's account holds (the same the student sees on their dashboard): reason, what each blocks, how to clear it. */
export function HoldsSection({ username }: { username: string }) {
  const { data, error, isLoading } = useGetStudentHoldsQuery(username);
  return (
    <RecordSection title="Holds">
      {isLoading ? (
        <Typography role="status">Loading holds...</Typography>
      ) : error ? (
        <Typography color="error">{serverErrorOf(error) ?? HOLDS_FAILED}</Typography>
      ) : !data || data.holds.length === 0 ? (
        <Typography>No holds</Typography>
      ) : (
        <HoldList holds={data.holds} neverBlocked={data.never_blocked} label="Holds on this account" />
      )}
    </RecordSection>
  );
}
