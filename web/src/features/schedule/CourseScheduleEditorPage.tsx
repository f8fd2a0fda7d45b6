import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { brand } from '#shared/brand';
import { paths } from '#shared/paths';
import { useSignedInUser } from '#shared/session/currentUser';
import { SemesterChip } from '#shared/components/SemesterChip';
import { CourseDialog, type CourseDialogMode } from './CourseDialog';
import { LeavePageDialog } from './LeavePageDialog';
import { addCourse, newCourseDraft, removeCourse, updateCourse, type CourseDraft, type ScheduleCourse } from './scheduleCourses';
import { ScheduleSummaryCard } from './ScheduleSummaryCard';
import { ScheduleTable } from './ScheduleTable';
import { ScheduleToast, type ScheduleToastMessage } from './ScheduleToast';
import { useSchedule } from './useSchedule';
import { useUnsavedChangesWarning } from './useUnsavedChangesWarning';

/** The open dialog: adding, or editing `course`. Closed is null, so each opening mounts a fresh form. */
type DialogState = { mode: CourseDialogMode; course: ScheduleCourse | null };

/** Course Schedule Editor at /course-schedule-editor (signed-in users only; see app/router). */
export default function CourseScheduleEditorPage() {
  const user = useSignedInUser();
  const { courses, setCourses, save, unsaved } = useSchedule(user.username);
  const blocker = useUnsavedChangesWarning(unsaved);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [toast, setToast] = useState<ScheduleToastMessage | null>(null);
  const notify = (text: string) => setToast((shown) => ({ id: (shown?.id ?? 0) + 1, text }));

  const openDialog = (mode: CourseDialogMode, course: ScheduleCourse | null = null) => setDialog({ mode, course });
  const submitDialog = (draft: CourseDraft) => {
    if (dialog?.course) {
      setCourses(updateCourse(courses, { ...draft, id: dialog.course.id }));
      notify('Course updated successfully');
    } else {
      setCourses(addCourse(courses, draft));
      notify('Course added successfully');
    }
    setDialog(null);
  };
  const deleteCourse = (course: ScheduleCourse) => {
    setCourses(removeCourse(courses, course.id));
    notify('Course deleted successfully');
  };
  const saveSchedule = () => {
    save();
    notify('Schedule saved successfully');
  };

  return (
    <Stack spacing={3} component="section" aria-labelledby="page-title">
      <title>{`Course Schedule Editor · ${brand.productName}`}</title>
      <Box>
        <Button component={RouterLink} to={paths.dashboard} startIcon={<ArrowBackIcon />}>
          Back to Dashboard
        </Button>
      </Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}>
        <Typography id="page-title" variant="h4" component="h1">
          Course Schedule Editor
        </Typography>
        <SemesterChip />
      </Stack>
      <ScheduleSummaryCard courses={courses} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDialog('add')}>
          Add Course
        </Button>
        <Button variant="outlined" startIcon={<SaveIcon />} onClick={saveSchedule}>
          Save Schedule
        </Button>
      </Stack>
      <ScheduleTable courses={courses} onEdit={(course) => openDialog('edit', course)} onDelete={deleteCourse} />
      {dialog && <CourseDialog mode={dialog.mode} initial={dialog.course ?? newCourseDraft()} onCancel={() => setDialog(null)} onSubmit={submitDialog} />}
      <LeavePageDialog blocker={blocker} />
      <ScheduleToast message={toast} onClose={() => setToast(null)} />
    </Stack>
  );
}
