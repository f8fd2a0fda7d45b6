import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { COURSE_NAMES, type Course } from '#contract/courses';
import { useToast } from '#shared/toast/useToast';
import { FormDialog } from '#shared/components/FormDialog';
import {
  formValuesOf,
  NEW_COURSE,
  requestBodyOf,
  validateCourse,
  type CourseFieldErrors,
  type CourseFormValues,
} from './courseForm';
import { COURSE_CREATED, COURSE_TOAST_MS, COURSE_UPDATED, SAVE_FAILED_FALLBACK, failureMessage } from './courseMessages';
import { useCreateCourseMutation, useUpdateCourseMutation } from './coursesApi';

interface Props {
  /** The course to edit; none for create mode. */
  course?: Course;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The add/edit dialog. Mount it fresh for each use (a new `key`), so the
 * form starts from the course or the defaults. A failed save keeps it open with the server's message.
 */
export function CourseFormDialog({ course, onClose, onSaved }: Props) {
  const [values, setValues] = useState<CourseFormValues>(course ? formValuesOf(course) : NEW_COURSE);
  const [errors, setErrors] = useState<CourseFieldErrors>({});
  // A failed save shows here only, not also as a toast (every error once, where the person is
  // looking). The person is looking at this dialog, and while it is open the rest of the page, the
  // toast too, is hidden from screen readers. It goes when the person changes the form or saves again.
  const [failure, setFailure] = useState<string | null>(null);
  const [createCourse, creation] = useCreateCourseMutation();
  const [updateCourse, update] = useUpdateCourseMutation();
  const toast = useToast(COURSE_TOAST_MS);
  const saving = creation.isLoading || update.isLoading;

  const set = <K extends keyof CourseFormValues>(field: K, value: CourseFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
    setFailure(null);
  };
  const text = (field: 'name' | 'CRN' | 'credit_hours' | 'application_price' | 'tuition_price') => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    error: errors[field] !== undefined,
    helperText: errors[field],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateCourse(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const body = requestBodyOf(values);
    setFailure(null);
    try {
      if (course) await updateCourse({ ...body, id: course.id }).unwrap();
      else await createCourse(body).unwrap();
      toast(course ? COURSE_UPDATED : COURSE_CREATED, 'success');
      onSaved();
    } catch (error) {
      setFailure(failureMessage(error, SAVE_FAILED_FALLBACK));
    }
  };

  const price = { htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' } } as const;
  return (
    <FormDialog id="course-form" title={course ? 'Edit Course' : 'Add New Course'} submitLabel={course ? 'Update Course' : 'Create Course'} busy={saving} maxWidth="sm" onClose={onClose} onSubmit={submit}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          id="course-name"
          label="Course Name"
          required
          select
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          {...text('name')}
        >
          <option value="" disabled>
            Select a course
          </option>
          {COURSE_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </TextField>
        <TextField id="course-crn" label="CRN" required {...text('CRN')} />
        <TextField
          id="course-credit-hours"
          label="Credit Hours"
          type="number"
          required
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
          {...text('credit_hours')}
        />
        <TextField id="course-application-price" label="Application Price" type="number" slotProps={price} {...text('application_price')} />
        <TextField id="course-tuition-price" label="Tuition Price" type="number" slotProps={price} {...text('tuition_price')} />
        <FormControlLabel
          control={
            <Switch checked={values.is_certificate_course} onChange={(event) => set('is_certificate_course', event.target.checked)} />
          }
          label="Is Certificate Course"
        />
      </Stack>
    </FormDialog>
  );
}
