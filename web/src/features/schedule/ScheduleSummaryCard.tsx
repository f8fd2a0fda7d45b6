import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import { totalCredits, type ScheduleCourse } from './scheduleCourses';

/** Summary: how many courses the schedule holds, their credit hours, and the (always Active) status. */
export function ScheduleSummaryCard({ courses }: { courses: readonly ScheduleCourse[] }) {
  const figures = [
    { label: 'Registered Courses', value: courses.length },
    { label: 'Total Credit Hours', value: totalCredits(courses) },
    { label: 'Status', value: <Chip label="Active" color="success" size="small" /> },
  ];
  return (
    <Card component="section" aria-label="Schedule summary">
      <CardContent>
        <Box component="dl" sx={figureListStyle}>
          {figures.map((figure) => (
            <div key={figure.label}>
              <dt>{figure.label}</dt>
              <dd>{figure.value}</dd>
            </div>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

const figureListStyle = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
  gap: 2,
  m: 0,
  textAlign: 'center',
  '& dt': { color: 'text.secondary', typography: 'body2' },
  '& dd': { m: 0, mt: 0.5, typography: 'h5' },
} as const;
