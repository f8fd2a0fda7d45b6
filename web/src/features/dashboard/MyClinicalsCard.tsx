import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { api } from '#shared/api/baseApi';
import type { StudentRotation } from '#contract/clinical';
import type { StudentCompliance } from '#contract/compliance';
import { formatCalendarDate } from '#shared/lib/dates';
import { paths } from '#shared/paths';
import { CardHeading } from './CardHeading';
import { FactList } from './FactList';

/** The student's rotations not yet ended, from their compliance record (the compliance feature reads the same call for its page). */
const myClinicalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyRotations: build.query<StudentRotation[], string>({
      query: (username) => `/api/compliance/students/${encodeURIComponent(username)}/`,
      transformResponse: (body: StudentCompliance) => body?.rotations ?? [],
    }),
  }),
});

/**
 * My Clinicals on the student dashboard: the next rotation, and whether the student is cleared to go (and why not).
 * Loaded apart from the dashboard (its route has a size budget); nothing at all without a rotation or a record.
 */
export default function MyClinicalsCard({ username }: { username: string }) {
  const { data } = myClinicalsApi.useGetMyRotationsQuery(username);
  const next = data?.[0];
  if (!next) return null;
  return (
    <Card component="section" aria-labelledby="my-clinicals-title">
      <CardContent>
        <CardHeading
          id="my-clinicals-title"
          title="My Clinicals"
          chip={<Chip size="small" color={next.cleared ? 'success' : 'error'} label={next.cleared ? 'Cleared for clinicals' : 'Not cleared'} />}
        />
        <FactList
          facts={[
            { label: 'Site', value: next.site_name },
            { label: 'Unit', value: next.unit },
            { label: 'Course', value: next.course_name },
            { label: 'Dates', value: `${formatCalendarDate(next.starts_on)} – ${formatCalendarDate(next.ends_on)}` },
          ]}
        />
        {!next.cleared && next.reasons.length > 0 && (
          <Box component="ul" aria-label="Why you are not cleared" sx={{ mt: 2, mb: 0, pl: 2.5 }}>
            {next.reasons.map((reason) => (
              <Typography key={reason} component="li" variant="body2">
                {reason}
              </Typography>
            ))}
          </Box>
        )}
        <Link component={RouterLink} to={paths.myCompliance} sx={{ display: 'inline-block', mt: 2 }}>
          My Compliance
        </Link>
      </CardContent>
    </Card>
  );
}
