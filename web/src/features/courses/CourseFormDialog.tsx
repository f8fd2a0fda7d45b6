import TextField from '@mui/material/TextField';
import { COURSE_NAMES, type Course } from '#contract/courses';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { SwitchField } from '#shared/components/FormFields';
import { FormFieldsDialog } from '#shared/components/FormFieldsDialog';
import { NativeSelect } from '#shared/components/NativeSelect';
import { useDialogForm } from '#shared/components/useDialogForm';
import { FIELD_LABELS, formValuesOf, NEW_COURSE, requestBodyOf, validateCourse, type CourseFormValues } from './courseForm';
import { COURSE_CREATED, COURSE_UPDATED, SAVE_FAILED_FALLBACK, failureMessage } from './courseMessages';
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
  const [createCourse] = useCreateCourseMutation();
  const [updateCourse] = useUpdateCourseMutation();
  const toast = useToast(TOAST_MS);
  const form = useDialogForm<CourseFormValues>({
    initial: course ? formValuesOf(course) : NEW_COURSE,
    validate: validateCourse,
    save: async (values) => {
      const body = requestBodyOf(values);
      if (course) await updateCourse({ ...body, id: course.id }).unwrap();
      else await createCourse(body).unwrap();
      toast(course ? COURSE_UPDATED : COURSE_CREATED, 'success');
      onSaved();
    },
    failureOf: (error) => failureMessage(error, SAVE_FAILED_FALLBACK),
    idPrefix: 'course',
    labels: FIELD_LABELS,
    // Once the person changes the form, the failure is about a form that is no longer there.
    clearFailureOnEdit: true,
  });
  const { values, set, field } = form;
  const price = { htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' } } as const;

  return (
    <FormFieldsDialog id="course-form" form={form} title={course ? 'Edit Course' : 'Add New Course'} submitLabel={course ? 'Update Course' : 'Create Course'} onClose={onClose}>
      <NativeSelect required {...field('name')}>
        <option value="" disabled>
          Select a course
        </option>
        {COURSE_NAMES.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </NativeSelect>
      <TextField required {...field('CRN')} />
      <TextField type="number" required slotProps={{ htmlInput: { min: 1, step: 1 } }} {...field('credit_hours')} />
      <TextField type="number" slotProps={price} {...field('application_price')} />
      <TextField type="number" slotProps={price} {...field('tuition_price')} />
      <SwitchField label={FIELD_LABELS.is_certificate_course} checked={values.is_certificate_course} onChange={(checked) => set('is_certificate_course', checked)} />
    </FormFieldsDialog>
  );
}
