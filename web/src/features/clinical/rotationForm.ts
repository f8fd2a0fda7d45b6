import { RotationRequest, type Rotation, type RotationInput } from '#contract/clinical';
import { schemaProblems, type FieldErrors } from '#shared/lib/fieldErrors';
import { defineFormFields, type FormValues } from '#shared/lib/formFields';

/** The rotation form, checked with the server's own schema (lambdas/contract/clinical.ts). */
const ROTATION_FORM = defineFormFields({
  site_id: { label: 'Site', initial: '' },
  unit: { label: 'Unit', initial: '' },
  course_id: { label: 'Course', initial: '' },
  instructor: { label: 'Instructor', initial: '' },
  instructor_email: { label: 'Instructor email', initial: '' },
  starts_on: { label: 'Start date', initial: '' },
  ends_on: { label: 'End date', initial: '' },
  /** Kept as typed so the box can be cleared while editing. */
  capacity: { label: 'Capacity', initial: '8' },
});

export type RotationFormValues = FormValues<typeof ROTATION_FORM.fields>;
type RotationField = keyof RotationFormValues;
export const ROTATION_LABELS = ROTATION_FORM.labels;

export const rotationFormOf = (rotation?: Rotation): RotationFormValues =>
  rotation
    ? {
        site_id: rotation.site_id,
        unit: rotation.unit,
        course_id: rotation.course_id,
        instructor: rotation.instructor,
        instructor_email: rotation.instructor_email,
        starts_on: rotation.starts_on,
        ends_on: rotation.ends_on,
        capacity: String(rotation.capacity),
      }
    : ROTATION_FORM.initial;

export const rotationInputOf = (values: RotationFormValues): RotationInput => ({
  site_id: values.site_id,
  unit: values.unit,
  course_id: values.course_id,
  instructor: values.instructor.trim(),
  instructor_email: values.instructor_email.trim(),
  starts_on: values.starts_on,
  ends_on: values.ends_on,
  capacity: values.capacity.trim() === '' ? Number.NaN : Number(values.capacity),
});

/** Empty boxes are missing ("is required"), not "not a date" or "not a number"; "Site is required" reads "Choose a site" in the select. */
function messageOf(field: RotationField, issue: { message: string }, values: RotationFormValues): string {
  if (values[field].trim() === '' && field !== 'instructor_email') return 'is required';
  return issue.message;
}

export const validateRotation = (values: RotationFormValues): FieldErrors<RotationField> =>
  schemaProblems(RotationRequest, rotationInputOf(values), ROTATION_LABELS, (field, issue) => messageOf(field, issue, values));

/** Choosing another site empties the unit: units belong to their site. */
export const changeRotation = (values: RotationFormValues, field: RotationField, value: string): RotationFormValues =>
  field === 'site_id' && value !== values.site_id ? { ...values, site_id: value, unit: '' } : { ...values, [field]: value };
