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
import type { Course } from '../../../../lambdas/contract/courses';
import { formatPrice, yesNo } from './courseFormat';

const COLUMNS = ['Course Name', 'CRN', 'Credit Hours', 'Application Price', 'Tuition Price', 'Certificate Course'];

interface Props {
  courses: readonly Course[];
  loading: boolean;
  /** Without these (read-only sessions) the Actions column is left out. */
  onEdit?: (course: Course) => void;
  onDelete?: (course: Course) => void;
}

/** The Course Management table, with its "Loading..." and "No courses found" rows. */
export function CoursesTable({ courses, loading, onEdit, onDelete }: Props) {
  const writable = onEdit !== undefined && onDelete !== undefined;
  const columns = writable ? [...COLUMNS, 'Actions'] : COLUMNS;
  const message = loading ? 'Loading...' : courses.length === 0 ? 'No courses found' : null;

  return (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label="Courses">
      <Table size="small" aria-label="Courses">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column}>{column}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody aria-busy={loading}>
          {message ? (
            <TableRow>
              <TableCell colSpan={columns.length} align="center">
                {message}
              </TableCell>
            </TableRow>
          ) : (
            courses.map((course) => (
              <TableRow key={course.id} hover>
                <TableCell>{course.name}</TableCell>
                <TableCell>{course.CRN}</TableCell>
                <TableCell>{course.credit_hours}</TableCell>
                <TableCell>{formatPrice(course.application_price)}</TableCell>
                <TableCell>{formatPrice(course.tuition_price)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={yesNo(course.is_certificate_course)}
                    color={course.is_certificate_course ? 'success' : 'default'}
                  />
                </TableCell>
                {writable && (
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {/* Names repeat ("Nurse Ethics" twice), so the labels carry the CRN too. */}
                    <IconButton aria-label={`Edit ${course.name} (${course.CRN})`} size="small" onClick={() => onEdit(course)}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                    <IconButton aria-label={`Delete ${course.name} (${course.CRN})`} size="small" color="error" onClick={() => onDelete(course)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
