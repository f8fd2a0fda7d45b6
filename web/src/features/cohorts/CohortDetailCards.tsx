import Box from '@mui/material/Box';
import type { Cohort } from '#contract/cohorts';
import { formatDollars } from '#shared/lib/money';
import { endDateText, startDateText } from './cohortFormat';
import type { RosterStats } from './rosterStats';
import { StatCard, statGrid } from './StatCard';

/** The spec's cards: Total Students, Total Outstanding, Paid Students (with percent), Program Dates. */
export function CohortDetailCards({ cohort, stats }: { cohort: Cohort; stats: RosterStats | null }) {
  // Until the roster arrives, the figures that depend on it show a dash rather than a misleading 0.
  const pending = '—';
  return (
    <Box sx={statGrid}>
      <StatCard label="Total Students" value={stats ? stats.totalStudents : pending} />
      <StatCard label="Total Outstanding" value={stats ? formatDollars(stats.totalOutstanding) : pending} />
      <StatCard label="Paid Students" value={stats ? stats.paidStudents : pending} detail={stats ? `${stats.paidPercent}% of cohort` : undefined} />
      <StatCard label="Program Dates" small value={`Start: ${startDateText(cohort.start_date)}`} detail={`End: ${endDateText(cohort.end_date)}`} />
    </Box>
  );
}
