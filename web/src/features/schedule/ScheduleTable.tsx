import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import type { ScheduleCourse } from './scheduleCourses';

/** The columns; on a phone's card the location and instructor fold under "More details". */
const COLUMNS: ReadonlyArray<DataColumn<ScheduleCourse>> = [
  { header: 'Course Code', nowrap: true, render: (course) => course.code },
  { header: 'Course Name', priority: 'title', render: (course) => course.name },
  { header: 'Credits', render: (course) => course.credits },
  {
    header: 'Schedule',
    render: (course) => (
      <>
        <div>{course.days}</div>
        <div>{[course.startTime, course.endTime].filter(Boolean).join(' - ')}</div>
      </>
    ),
  },
  { header: 'Location', priority: 'secondary', render: (course) => course.room },
  { header: 'Instructor', priority: 'secondary', render: (course) => course.instructor },
  { header: 'Status', render: (course) => <Chip label={course.status} size="small" color={course.status === 'Registered' ? 'success' : 'primary'} /> },
];

interface Props {
  courses: readonly ScheduleCourse[];
  onEdit: (course: ScheduleCourse) => void;
  onDelete: (course: ScheduleCourse) => void;
}

/** The schedule as a table (cards on a phone); the action buttons name their course for screen readers. */
export function ScheduleTable({ courses, onEdit, onDelete }: Props) {
  return (
    <DataTable
      label="Course schedule"
      columns={COLUMNS}
      rows={courses}
      rowKey={(course) => String(course.id)}
      empty="No courses in your schedule yet."
      actions={{
        render: (course) => (
          <>
            <IconButton aria-label={`Edit ${courseLabel(course)}`} onClick={() => onEdit(course)}>
              <EditIcon />
            </IconButton>
            <IconButton aria-label={`Delete ${courseLabel(course)}`} onClick={() => onDelete(course)} color="error">
              <DeleteIcon />
            </IconButton>
          </>
        ),
      }}
    />
  );
}

/** How an action button names its row: the course code, else the name, else the id. */
function courseLabel(course: ScheduleCourse): string {
  return course.code.trim() || course.name.trim() || `course ${course.id}`;
}
