import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CourseStats } from '#contract/courses';
import { SectionCard } from '#shared/components/SectionCard';

/** The catalog's "Course Statistics" card, from GET /api/courses/stats/. */
export function CourseStatisticsCard({ stats }: { stats: CourseStats }) {
  return (
    <SectionCard id="course-statistics-title" title="Course Statistics">
      <Box component="dl" sx={grid}>
        <Stat label="Total Courses" value={String(stats.total_courses)} />
        <Stat label="Certificate Courses" value={String(stats.certificate_courses)} />
        {/* The API rounds to two decimals; one is enough to read. */}
        <Stat label="Avg. Credit Hours" value={stats.average_credit_hours.toFixed(1)} />
      </Box>
    </SectionCard>
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
