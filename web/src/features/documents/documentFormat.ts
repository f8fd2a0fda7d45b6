import type { DocumentRecordDto } from '#contract/documents';
import { formatDateTime } from '#shared/lib/dates';

/** 1048576 bytes per MB, as the spec fixes. */
const BYTES_PER_MB = 1048576;

/** File size in MB with 2 decimals, N/A when missing. */
export function formatFileSize(bytes: number | null | undefined): string {
  return typeof bytes === 'number' && Number.isFinite(bytes) ? `${(bytes / BYTES_PER_MB).toFixed(2)} MB` : 'N/A';
}

type CohortDetails = NonNullable<DocumentRecordDto['cohort_details']>;

/** "2025-2026 Cohort 1": academic year, "Cohort", number (spec: Document Management, scope cell). */
export const cohortLabel = (cohort: Pick<CohortDetails, 'academic_year' | 'cohort_number'>) => `${cohort.academic_year} Cohort ${cohort.cohort_number}`;

/**
 * The Cohort/Assigned To cell of a document that lists no students: the cohort's label,
 * "Program-wide" for program scope, "All Programs" for general scope, "N/A" otherwise.
 */
export function scopeText(doc: Pick<DocumentRecordDto, 'scope' | 'cohort_details'>): string {
  if (doc.scope === 'program') return 'Program-wide';
  if (doc.scope === 'general') return 'All Programs';
  return doc.cohort_details ? cohortLabel(doc.cohort_details) : 'N/A';
}

/** The preview footer's cohort: year, cohort number and program name. */
export const cohortFooter = (cohort: CohortDetails) => `${cohortLabel(cohort)} - ${cohort.program_name}`;

/** "Uploaded: <date> by <uploader>" (spec: Document preview dialog). */
export const uploadedLine = (doc: Pick<DocumentRecordDto, 'uploaded_at' | 'uploaded_by_name'>) => `Uploaded: ${formatDateTime(doc.uploaded_at)} by ${doc.uploaded_by_name}`;

export const fileTypeLabel = (fileType: string) => fileType.toUpperCase() || 'N/A';

/** "Nov 21, 2026" in the viewer's time zone (the Uploaded column, "Acknowledged <date>"). */
export function formatDate(iso: string): string {
  const parsed = new Date(iso);
  return Number.isNaN(parsed.getTime()) ? iso : parsed.toLocaleDateString('en-US', { dateStyle: 'medium' });
}
