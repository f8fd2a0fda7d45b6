import AddIcon from '@mui/icons-material/Add';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useEffect, useState } from 'react';
import type { Course } from '#contract/courses';
import { ConfirmDialog } from '#shared/components/ConfirmDialog';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { NO_FILTERS, type CourseFilters } from './courseFilters';
import { CourseFiltersBar } from './CourseFiltersBar';
import { CourseFormDialog } from './CourseFormDialog';
import { COURSE_DELETED, DELETE_FAILED_FALLBACK, LIST_FAILED, NO_PERMISSION, deleteConfirmation, failureMessage } from './courseMessages';
import { useDeleteCourseMutation, useLazyListCoursesQuery } from './coursesApi';
import { CoursesTable } from './CoursesTable';

/** Which dialog is open: the add/edit form (create or edit mode) or the delete confirmation. */
type OpenDialog = { kind: 'form'; course?: Course; key: number } | { kind: 'delete'; course: Course } | null;

/**
 * Filters, buttons, table and dialogs of Course Management. The list is fetched on load, Filter,
 * Clear, Refresh List and after each save or delete, each time from the server.
 * Read-only sessions (students) see the list without Add New Course or the Actions column.
 */
export function CourseManager({ canWrite }: { canWrite: boolean }) {
  const [applied, setApplied] = useState<CourseFilters>(NO_FILTERS);
  const [fetchCourses, list] = useLazyListCoursesQuery();
  const [deleteCourse] = useDeleteCourseMutation();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const toast = useToast(TOAST_MS);

  const load = useCallback(
    (filters: CourseFilters) => {
      setApplied(filters);
      void fetchCourses(filters);
    },
    [fetchCourses],
  );
  useEffect(() => load(NO_FILTERS), [load]);
  const reload = () => load(applied);

  const confirmDelete = async (course: Course) => {
    setDialog(null);
    try {
      await deleteCourse(course.id).unwrap();
      toast(COURSE_DELETED, 'success');
    } catch (error) {
      // The confirmation has closed: the toast is where the person looks now, and the one place it shows.
      toast(failureMessage(error, DELETE_FAILED_FALLBACK), 'error');
    }
    reload();
  };

  const courses = list.isError ? [] : (list.currentData ?? []);
  return (
    <Stack spacing={3}>
      {!canWrite && <Alert severity="info">{NO_PERMISSION}</Alert>}
      <CourseFiltersBar onFilter={load} />
      <Stack direction="row" spacing={1}>
        {canWrite && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'form', key: Date.now() })}>
            Add New Course
          </Button>
        )}
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={reload}>
          Refresh List
        </Button>
      </Stack>
      {list.isError && <Alert severity="error">{LIST_FAILED}</Alert>}
      <CoursesTable
        courses={courses}
        loading={list.isFetching}
        onEdit={canWrite ? (course) => setDialog({ kind: 'form', course, key: Date.now() }) : undefined}
        onDelete={canWrite ? (course) => setDialog({ kind: 'delete', course }) : undefined}
      />
      {dialog?.kind === 'form' && (
        <CourseFormDialog
          key={dialog.key}
          course={dialog.course}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            reload();
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          open
          title="Confirm Delete"
          message={deleteConfirmation(dialog.course.name)}
          confirmLabel="Delete"
          onConfirm={() => void confirmDelete(dialog.course)}
          onCancel={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
