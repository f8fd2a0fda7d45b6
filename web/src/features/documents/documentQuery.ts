import type { DocumentScope } from '#contract/documents';

/** The filter dialog's fields (spec: Document Management), as typed; '' means "any". */
export interface DocumentFilters {
  academic_year: string;
  cohort_number: string;
  program_type: string;
  category_id: string;
  /** 'true', 'false' or '' */
  is_mandatory: string;
  search: string;
}

export const NO_FILTERS: DocumentFilters = {
  academic_year: '',
  cohort_number: '',
  program_type: '',
  category_id: '',
  is_mandatory: '',
  search: '',
};

/** One list request: the dialog's filters, plus the Individual tab's student-name search. */
export interface DocumentListArgs extends Partial<DocumentFilters> {
  scope?: DocumentScope;
  student_name?: string;
}

/** Staff lists come in pages of at most this many (the API's maximum). */
export const PAGE_SIZE = 100;

/** GET /api/documents/ with the non-empty filters only, as the spec asks. */
export function documentListUrl(args: DocumentListArgs, cursor: string | null = null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    const trimmed = typeof value === 'string' ? value.trim() : '';
    if (trimmed !== '') params.set(name, trimmed);
  }
  params.set('limit', String(PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return `/api/documents/?${params.toString()}`;
}

/** How many filters are set (shown on the Filter button). */
export const activeFilterCount = (filters: DocumentFilters) => Object.values(filters).filter((v) => v.trim() !== '').length;
