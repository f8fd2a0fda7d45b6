/** Stored courses as the API shows them (spec section 3: prices in dollars or null). */
import { CourseInput, type Course } from '../../contract/courses.js';
import { centsToDollars, dollarsToCents } from '../../domain/money.js';
import type { CourseRecord } from '../../store/catalog-items.js';
import type { CourseFields } from '../../store/courses.js';
import { parseJsonBody } from '../../http/validate.js';
import type { ApiRequest } from '../../http/types.js';

export const presentCourse = (c: CourseRecord): Course => ({
  id: c.id,
  name: c.name,
  CRN: c.crn,
  credit_hours: c.creditHours,
  application_price: c.applicationPriceCents === null ? null : centsToDollars(c.applicationPriceCents),
  tuition_price: c.tuitionPriceCents === null ? null : centsToDollars(c.tuitionPriceCents),
  is_certificate_course: c.isCertificateCourse,
});

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
