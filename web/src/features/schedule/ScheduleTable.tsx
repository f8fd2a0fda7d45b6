import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ScheduleCourse } from './scheduleCourses';

const COLUMNS = ['Course Code', 'Course Name', 'Credits', 'Schedule', 'Location', 'Instructor', 'Status', 'Actions'];

interface Props {
  courses: readonly ScheduleCourse[];
  onEdit: (course: ScheduleCourse) => void;
  onDelete: (course: ScheduleCourse) => void;
}

/** The schedule as a table; the action buttons name their course for screen readers. */
export function ScheduleTable({ courses, onEdit, onDelete }: Props) {
  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label="Course schedule">
      <Table aria-label="Course schedule">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} align={column === 'Actions' ? 'right' : 'left'}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {courses.map((course) => (
            <TableRow key={course.id}>
              <TableCell>{course.code}</TableCell>
              <TableCell>{course.name}</TableCell>
              <TableCell>{course.credits}</TableCell>
              <TableCell>
                <div>{course.days}</div>
                <div>{[course.startTime, course.endTime].filter(Boolean).join(' - ')}</div>
              </TableCell>
              <TableCell>{course.room}</TableCell>
              <TableCell>{course.instructor}</TableCell>
              <TableCell>
                <Chip label={course.status} size="small" color={course.status === 'Registered' ? 'success' : 'primary'} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton aria-label={`Edit ${courseLabel(course)}`} onClick={() => onEdit(course)}>
                  <EditIcon />
                </IconButton>
                <IconButton aria-label={`Delete ${courseLabel(course)}`} onClick={() => onDelete(course)} color="error">
                  <DeleteIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
          {courses.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMNS.length} align="center">
                No courses in your schedule yet.
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** How an action button names its row: the course code, else the name, else the id. */
function courseLabel(course: ScheduleCourse): string {
  return course.code.trim() || course.name.trim() || `course ${course.id}`;
}
