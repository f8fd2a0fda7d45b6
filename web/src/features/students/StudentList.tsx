import AddIcon from '@mui/icons-material/Add';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { CreateStudentDialog } from './CreateStudentDialog';
import { ImportStudentsDialog } from './ImportStudentsDialog';
import { cohortLabel, inCohort, listArgsOf, type StudentFilters } from './studentFilters';
import { StudentFiltersBar } from './StudentFiltersBar';
import { STUDENTS_FAILED } from './studentMessages';
import { useListStudentCohortsQuery, useListStudentSummariesQuery } from './studentsAdminApi';
import { StudentsTable } from './StudentsTable';
import { useDebouncedValue } from '#shared/lib/useDebouncedValue';
import { HeadingRow } from '#shared/components/HeadingRow';

/** Typing in the search box calls the server once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;

type OpenDialog = 'create' | 'import' | null;

/** The admin panel's Students view: the list with its filters, Add Student and Import CSV. */
interface Props {
  filters: StudentFilters;
  onFiltersChange: (filters: StudentFilters) => void;
  /** The record page's URL for a username. */
  recordPath: (username: string) => string;
}

export function StudentList({ filters, onFiltersChange, recordPath }: Props) {
  const search = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const list = useListStudentSummariesQuery(listArgsOf(filters, search));
  const cohortsQuery = useListStudentCohortsQuery();
  const cohorts = useMemo(() => cohortsQuery.data ?? [], [cohortsQuery.data]);
  const shown = useMemo(() => (list.isError ? [] : inCohort(list.data ?? [], filters.cohortId)), [list.isError, list.data, filters.cohortId]);
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const cohortName = (cohortId: string | null) => {
    const cohort = cohorts.find((c) => c.id === cohortId);
    return cohort ? cohortLabel(cohort) : (cohortId ?? 'None');
  };

  return (
    <Stack spacing={3} component="section" aria-labelledby="students-title">
      <HeadingRow>
        <Typography id="students-title" variant="h5" component="h2">
          Students
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="outlined" startIcon={<FileUploadIcon />} onClick={() => setDialog('import')}>
            Import CSV
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('create')}>
            Add Student
          </Button>
        </Box>
      </HeadingRow>
      <StudentFiltersBar filters={filters} cohorts={cohorts} onChange={onFiltersChange} />
      {list.isError && <Alert severity="error">{STUDENTS_FAILED}</Alert>}
      <StudentsTable students={shown} loading={list.isLoading} cohortName={cohortName} recordPath={recordPath} />
      {dialog === 'create' && <CreateStudentDialog cohorts={cohorts} onClose={() => setDialog(null)} />}
      {dialog === 'import' && <ImportStudentsDialog cohorts={cohorts} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
