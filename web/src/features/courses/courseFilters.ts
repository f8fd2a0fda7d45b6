/** The Course Management filters: name search and the Certificate Course select (All, Yes, No). */
export interface CourseFilters {
  name: string;
  /** '' is All. */
  isCertificate: '' | 'true' | 'false';
}

export const NO_FILTERS: CourseFilters = { name: '', isCertificate: '' };

export const CERTIFICATE_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
] as const satisfies readonly { value: CourseFilters['isCertificate']; label: string }[];

/** GET /api/courses/ with only the filters that are set (name matches the start of a course name). */
export function courseListUrl(filters: CourseFilters): string {
  const query = new URLSearchParams();
  const name = filters.name.trim();
  if (name) query.set('name', name);
  if (filters.isCertificate) query.set('is_certificate', filters.isCertificate);
  const search = query.toString();
  return search ? `/api/courses/?${search}` : '/api/courses/';
}
