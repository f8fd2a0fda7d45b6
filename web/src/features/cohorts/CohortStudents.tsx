import AddIcon from '@mui/icons-material/PersonAdd';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import type { Cohort } from '#contract/cohorts';
import { downloadCsv } from '#shared/lib/csv';
import { AddStudentDialog } from './AddStudentDialog';
import { rosterCsv, rosterCsvFileName } from './cohortCsv';
import { CohortDetailCards } from './CohortDetailCards';
import { EmailAllLink } from './EmailAllLink';
import { cohortLabel } from './cohortFormat';
import { STUDENTS_FAILED } from './cohortMessages';
import { useGetCohortStudentsQuery } from './cohortsApi';
import { PaidOutstandingChart } from './PaidOutstandingChart';
import { rosterStats } from './rosterStats';
import { StudentDetailDialog } from './StudentDetailDialog';
import { StudentRoster, viewButtonId } from './StudentRoster';

/** The cards, chart and Student Roster of one cohort: everything computed from one roster call. */
export function CohortStudents({ cohort }: { cohort: Cohort }) {
  const roster = useGetCohortStudentsQuery(cohort.id);
  const students = useMemo(() => (roster.isError ? [] : (roster.data ?? [])), [roster.isError, roster.data]);
  const stats = useMemo(() => (roster.data && !roster.isError ? rosterStats(roster.data) : null), [roster.data, roster.isError]);
  const [viewing, setViewing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  // stable, so opening a student's dialog does not rebuild the roster's rows (and lose their focused button)
  const view = useCallback((student: { username: string }) => setViewing(student.username), []);
  const closeDetails = (username: string) => {
    setViewing(null);
    // The dialog gives focus back to the button that opened it; should the roster have re-rendered that
    // row meanwhile (a refetch), the button is a new one and focus would fall to the page: find it again.
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) document.getElementById(viewButtonId(username))?.focus();
    });
  };

  return (
    <>
      <CohortDetailCards cohort={cohort} stats={stats} />
      {stats && stats.totalStudents > 0 && (
        <Card>
          <CardContent>
            <PaidOutstandingChart paid={stats.totalPaid} outstanding={stats.totalOutstanding} />
          </CardContent>
        </Card>
      )}
      <Box component="section" aria-labelledby="roster-title">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
          <Typography id="roster-title" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
            Student Roster
          </Typography>
          <EmailAllLink cohortId={cohort.id} />
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={students.length === 0}
            onClick={() => downloadCsv(rosterCsv(cohort, students), rosterCsvFileName(cohort))}
          >
            Export List
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            Add Student
          </Button>
        </Box>
        {roster.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {STUDENTS_FAILED}
          </Alert>
        )}
        <StudentRoster students={students} loading={roster.isLoading} onView={view} />
      </Box>
      {viewing && <StudentDetailDialog username={viewing} onClose={() => closeDetails(viewing)} />}
      {adding && <AddStudentDialog cohortId={cohort.id} cohortName={cohortLabel(cohort)} onClose={() => setAdding(false)} />}
    </>
  );
}
