/** A rotation as POST and PUT /api/rotations/ store it: its site, unit and course must exist, and are named on it as they are now. */
import type { RotationInput } from '../contract/clinical.js';
import { Invalid } from '../domain/errors.js';
import { getSite } from '../store/clinical-site.js';
import { getCourse } from '../store/course.js';
import type { RotationRecord } from '../store/rotation.js';

export async function rotationFromInput(input: RotationInput, id: string, assigned: number, at: string): Promise<RotationRecord> {
  const [site, course] = await Promise.all([getSite(input.site_id), getCourse(input.course_id)]);
  if (!site) throw new Invalid('site_id: is not a clinical site');
  const unit = site.units.find((u) => u.toLowerCase() === input.unit.toLowerCase());
  if (!unit) throw new Invalid(`unit: ${site.name} has no unit ${input.unit}`);
  if (!course) throw new Invalid('course_id: is not a course');
  return {
    id,
    site_id: site.id,
    site_name: site.name,
    unit,
    course_id: course.id,
    course_name: course.name,
    instructor: input.instructor,
    instructor_email: input.instructor_email ?? '',
    starts_on: input.starts_on,
    ends_on: input.ends_on,
    capacity: input.capacity,
    assigned,
    updated_at: at,
  };
}
