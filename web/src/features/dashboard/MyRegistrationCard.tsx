import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '#shared/paths';
import { CardHeading } from './CardHeading';
import { FactList, type Fact } from './FactList';
import { SemesterChip } from '#shared/components/SemesterChip';

/** Spec: fixed display values, not read from any server (sections 2 and 9). */
const academicInformation: readonly Fact[] = [
  { label: 'Course Status', value: <Chip label="Add/Drop/Withdraw" size="small" color="primary" variant="outlined" /> },
  { label: 'Academic Standing', value: <Chip label="Good" size="small" color="success" /> },
  { label: 'Semester GPA', value: '4.00' },
  { label: 'Overall GPA', value: '4.00' },
];

/** My Registration: semester, the way to the schedule editor, and the academic information. */
export function MyRegistrationCard() {
  return (
    <Card component="section" aria-labelledby="my-registration-title">
      <CardContent>
        <CardHeading id="my-registration-title" title="My Registration" chip={<SemesterChip size="small" />} />
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button component={RouterLink} to={paths.courseScheduleEditor} variant="contained">
            View Course Schedule
          </Button>
          <Button component={RouterLink} to={paths.courseScheduleEditor} variant="outlined">
            Edit Course Schedule
          </Button>
        </Stack>
        <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 500 }}>
          Academic Information
        </Typography>
        <FactList facts={academicInformation} />
      </CardContent>
    </Card>
  );
}
