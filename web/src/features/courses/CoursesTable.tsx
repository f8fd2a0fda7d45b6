import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import type { Course } from '#contract/courses';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { formatPrice, yesNo } from './courseFormat';

const COLUMNS: ReadonlyArray<DataColumn<Course>> = [
  { header: 'Course Name', priority: 'title', render: (course) => course.name },
  { header: 'CRN', nowrap: true, render: (course) => course.CRN },
  { header: 'Credit Hours', render: (course) => course.credit_hours },
  { header: 'Application Price', nowrap: true, render: (course) => formatPrice(course.application_price) },
  { header: 'Tuition Price', nowrap: true, render: (course) => formatPrice(course.tuition_price) },
  {
    header: 'Certificate Course',
    render: (course) => <Chip size="small" label={yesNo(course.is_certificate_course)} color={course.is_certificate_course ? 'success' : 'default'} />,
  },
];

interface Props {
  courses: readonly Course[];
  loading: boolean;
  /** Without these (read-only sessions) the Actions column is left out. */
  onEdit?: (course: Course) => void;
  onDelete?: (course: Course) => void;
}

/** The Course Management table, with its "Loading..." and "No courses found" rows. */
export function CoursesTable({ courses, loading, onEdit, onDelete }: Props) {
  const actions = onEdit && onDelete ? { render: (course: Course) => <CourseActions course={course} onEdit={onEdit} onDelete={onDelete} /> } : undefined;
  return <DataTable label="Courses" columns={COLUMNS} rows={courses} rowKey={(course) => course.id} loading={loading} empty="No courses found" actions={actions} />;
}

function CourseActions({ course, onEdit, onDelete }: { course: Course; onEdit: (course: Course) => void; onDelete: (course: Course) => void }) {
  return (
    <>
      {/* Names repeat ("Nurse Ethics" twice), so the labels carry the CRN too. */}
      <IconButton aria-label={`Edit ${course.name} (${course.CRN})`} size="small" onClick={() => onEdit(course)}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton aria-label={`Delete ${course.name} (${course.CRN})`} size="small" color="error" onClick={() => onDelete(course)}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </>
  );
}
