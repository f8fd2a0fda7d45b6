import Box from '@mui/material/Box';
import type { CohortSummary } from './cohortFilters';
import { StatCard, statGrid } from './StatCard';

/** The spec's cards: Total Cohorts, Total Students, Active Programs, Avg. Class Size. */
export function CohortSummaryCards({ summary }: { summary: CohortSummary }) {
  return (
    <Box sx={statGrid}>
      <StatCard label="Total Cohorts" value={summary.totalCohorts} />
      <StatCard label="Total Students" value={summary.totalStudents} />
      <StatCard label="Active Programs" value={summary.activePrograms} />
      <StatCard label="Avg. Class Size" value={summary.averageClassSize} />
    </Box>
  );
}
