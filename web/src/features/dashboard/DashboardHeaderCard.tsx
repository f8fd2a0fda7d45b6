import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { isNoStudentRecord, useGetStudentQuery } from '#shared/api/students';
import { paths } from '#shared/paths';
import type { UserInfo } from '#contract/users';
import { SemesterChip } from '#shared/components/SemesterChip';
import { welcomeText } from './welcome';

const dashboardLinks = [
  { label: 'Course Schedule Editor', to: paths.courseScheduleEditor },
  { label: 'Course Catalog', to: paths.courses },
  { label: 'Shopping Cart', to: paths.cart },
] as const;

/**
 * The student dashboard's header card: welcome, email, program, semester chip, links. The program
 * comes from the student record (staff, finance and admins have their own dashboard).
 * A failure goes to the console only (the spec's "Header student fetch failure").
 */
export function DashboardHeaderCard({ user }: { user: UserInfo }) {
  const { data: student, error } = useGetStudentQuery(user.username);
  useEffect(() => {
    if (error && !isNoStudentRecord(error)) {
      console.warn(`Could not load the student record of ${user.username}.`, error);
    }
  }, [error, user.username]);

  return (
    <Card component="section" aria-labelledby="dashboard-welcome">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Box>
            <Typography id="dashboard-welcome" variant="h4" component="h1" gutterBottom>
              {welcomeText(user)}
            </Typography>
            <Typography color="text.secondary">{user.email}</Typography>
            {/* the line is there before the record arrives, so the cards below do not move when it does (Lighthouse CLS) */}
            <Typography sx={{ mt: 0.5 }}>{student?.program ?? '\u00a0'}</Typography>
          </Box>
          <Box>
            <SemesterChip />
          </Box>
        </Stack>
        <Box component="nav" aria-label="Dashboard" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          {dashboardLinks.map((link) => (
            <Button key={link.to} component={RouterLink} to={link.to} variant="outlined" size="small">
              {link.label}
            </Button>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
