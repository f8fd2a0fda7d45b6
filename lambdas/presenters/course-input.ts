/** The course form body (create and update share it), validated with the contract's zod schema. */
import { CourseInput } from '../contract/courses.js';
import { dollarsToCents } from '../domain/money.js';
import { parseJsonBody } from '../http/validate.js';
import type { ApiRequest } from '../http/types.js';
import type { CourseFields } from '../store/course.js';

/** The validated form body (create and update share it) as stored fields. */
export function courseFieldsFrom(req: ApiRequest): CourseFields {
  const input = parseJsonBody(req, CourseInput);
  return {
    name: input.name,
    crn: input.CRN.toUpperCase(),
    creditHours: input.credit_hours,
    applicationPriceCents: input.application_price === null ? null : dollarsToCents(input.application_price),
    tuitionPriceCents: input.tuition_price === null ? null : dollarsToCents(input.tuition_price),
    isCertificateCourse: input.is_certificate_course,
  };
}
