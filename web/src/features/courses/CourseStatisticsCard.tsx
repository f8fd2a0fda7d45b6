import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { CourseStats } from '#contract/courses';

/** The catalog's "Course Statistics" card, from GET /api/courses/stats/. */
export function CourseStatisticsCard({ stats }: { stats: CourseStats }) {
  return (
    <Card component="section" aria-labelledby="course-statistics-title">
      <CardContent>
        <Typography id="course-statistics-title" variant="h6" component="h2" gutterBottom>
          Course Statistics
        </Typography>
        <Box component="dl" sx={grid}>
          <Stat label="Total Courses" value={String(stats.total_courses)} />
          <Stat label="Certificate Courses" value={String(stats.certificate_courses)} />
          {/* The API rounds to two decimals; one is enough to read. */}
          <Stat label="Avg. Credit Hours" value={stats.average_credit_hours.toFixed(1)} />
        </Box>
      </CardContent>
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h5" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}

const grid = { display: 'grid', gap: 2, m: 0, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } } as const;
