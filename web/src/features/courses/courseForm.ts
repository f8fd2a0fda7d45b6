import { CourseInput, type Course } from '#contract/courses';
import { schemaProblems, type FieldErrors } from '#shared/lib/fieldErrors';
import { defineFormFields, type FormValues } from '#shared/lib/formFields';

/**
 * The add/edit form, validated with the server's own schema (lambdas/contract)
 * so a form that passes here is accepted there, with the same messages.
 */
/** The spec's defaults: a new course starts at 1 credit hour; the certificate switch starts on. */
const COURSE_FORM = defineFormFields({
  name: { label: 'Course Name', initial: '' },
  CRN: { label: 'CRN', initial: '' },
  /** Number inputs are kept as typed so they can be cleared while editing. */
  credit_hours: { label: 'Credit Hours', initial: '1' },
  application_price: { label: 'Application Price', initial: '' },
  tuition_price: { label: 'Tuition Price', initial: '' },
  is_certificate_course: { label: 'Is Certificate Course', initial: true },
});

export type CourseFormValues = FormValues<typeof COURSE_FORM.fields>;

export type CourseField = keyof CourseFormValues;

export const FIELD_LABELS = COURSE_FORM.labels;

export const NEW_COURSE: CourseFormValues = COURSE_FORM.initial;

export function formValuesOf(course: Course): CourseFormValues {
  const price = (value: number | null) => (value === null ? '' : value.toFixed(2));
  return {
    name: course.name,
    CRN: course.CRN,
    credit_hours: String(course.credit_hours),
    application_price: price(course.application_price),
    tuition_price: price(course.tuition_price),
    is_certificate_course: course.is_certificate_course,
  };
}

/** Credit hours converted to an integer (undefined when empty, so the schema says "is required"). */
function integerOrUndefined(typed: string): number | undefined {
  const value = Number.parseInt(typed, 10);
  return Number.isNaN(value) ? undefined : value;
}

/** Optional prices: empty becomes null. */
function priceOrNull(typed: string): number | null {
  return typed.trim() === '' ? null : Number(typed);
}

/**
 * The request body of POST /api/courses/create/ and PUT /api/courses/{id}/update/. The casts let
 * an unfinished form through to `validateCourse`, which names what is missing; only a valid body is sent.
 */
export function requestBodyOf(values: CourseFormValues): CourseInput {
  return {
    name: values.name as CourseInput['name'],
    CRN: values.CRN.trim(),
    credit_hours: integerOrUndefined(values.credit_hours) as number,
    application_price: priceOrNull(values.application_price),
    tuition_price: priceOrNull(values.tuition_price),
    is_certificate_course: values.is_certificate_course,
  };
}

/**
 * Client-side check with the shared schema; an empty result means the form may be sent.
 * "Credit Hours must be at least 1": the schema's first message per field, after the field's label.
 */
export function validateCourse(values: CourseFormValues): FieldErrors<CourseField> {
  return schemaProblems(CourseInput, requestBodyOf(values), FIELD_LABELS);
}
