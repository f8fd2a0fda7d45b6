/** Stored documents as the API shows them (the spec's Document), and who is reading them. */
import {
  SCOPE_LABELS,
  type AcknowledgementDto,
  type DocumentDto,
  type DocumentPage,
  type DocumentRecordDto,
  type StudentDocumentDto,
  type StudentRecordDocumentDto,
} from '../contract/documents.js';
import { needsAcknowledgement, type Reader } from '../domain/document-access.js';
import { previewOf } from '../domain/text-extraction.js';
import type { Principal } from '../http/principal.js';
import type { CohortRecord } from '../store/cohort.js';
import { getCohortsAndCategories, type AcknowledgementRecord, type DocumentCategoryRecord, type DocumentRecord } from '../store/document.js';
import { getStudentSummary } from '../store/student.js';

export interface Lookups {
  cohorts: Map<string, CohortRecord>;
  categories: Map<string, DocumentCategoryRecord>;
}

export const fullName = (p: { firstName: string; lastName: string; username: string }) => `${p.firstName} ${p.lastName}`.trim() || p.username;

/** The document's own fields, the same for every audience; never who it is assigned to. */
function presentOwnFields(d: DocumentRecord, { cohorts, categories }: Lookups, acknowledgedAt: string | null): DocumentDto {
  const cohort = d.cohortId ? cohorts.get(d.cohortId) : undefined;
  return {
    id: d.id,
    title: d.title,
    description: d.description,
    scope: d.scope,
    scope_display: SCOPE_LABELS[d.scope],
    category_id: d.categoryId,
    category_name: d.categoryId ? (categories.get(d.categoryId)?.name ?? null) : null,
    cohort_id: d.cohortId,
    cohort_details: cohort
      ? { academic_year: cohort.academicYear, year: cohort.academicYear.slice(0, 4), cohort_number: cohort.cohortNumber, program_name: cohort.programName }
      : null,
    program_type: d.programType,
    file_name: d.fileName,
    file_type: d.fileType,
    file_size: d.fileSize ?? null,
    s3_key: d.s3Key,
    s3_url: null,
    extracted_text: d.extractedText,
    preview_text: previewOf(d.extractedText),
    text_status: d.textStatus ?? (d.extractedText ? 'extracted' : 'none'),
    text_status_reason: d.textStatusReason ?? null,
    is_public: d.isPublic,
    is_mandatory: d.isMandatory,
    requires_signature: d.requiresSignature,
    uploaded_at: d.uploadedAt,
    uploaded_by_name: d.uploadedByName,
    acknowledged_at: acknowledgedAt,
  };
}

/** Staff and admins: the document with every student it is assigned to. */
export function presentDocument(d: DocumentRecord, lookups: Lookups, acknowledgedAt: string | null = null): DocumentRecordDto {
  return {
    ...presentOwnFields(d, lookups, acknowledgedAt),
    assigned_students: d.assignedStudents.map((s) => ({ id: s.id, username: s.username, full_name: fullName(s) })),
  };
}

/**
 * Anyone who does not see every document (students; finance): the document's own fields, whether it is
 * assigned to this reader, and only this reader's acknowledgement. No other student is named (FERPA).
 */
export function presentDocumentForReader(d: DocumentRecord, lookups: Lookups, reader: Reader, acknowledgement: AcknowledgementRecord | undefined): StudentDocumentDto {
  const own = acknowledgement && acknowledgement.username === reader.username ? acknowledgement.acknowledgedAt : null;
  return {
    ...presentOwnFields(d, lookups, own),
    assigned_to_you: d.assignedStudents.some((s) => s.username === reader.username),
  };
}

/** Staff reading one student's record: the staff presentation, with that student's acknowledgement and signature. */
export function presentDocumentForStudentRecord(
  d: DocumentRecord,
  lookups: Lookups,
  student: string,
  acknowledgement: AcknowledgementRecord | undefined,
): StudentRecordDocumentDto {
  const theirs = acknowledgement && acknowledgement.username === student ? acknowledgement : undefined;
  return {
    ...presentDocument(d, lookups, theirs?.acknowledgedAt ?? null),
    signature: theirs?.signature ?? null,
    acknowledgement_required: needsAcknowledgement(d),
  };
}

/** The cohorts and categories the documents refer to, in one BatchGet. */
export const lookupsFor = (docs: DocumentRecord[]): Promise<Lookups> =>
  getCohortsAndCategories(
    docs.flatMap((d) => (d.cohortId ? [d.cohortId] : [])),
    docs.flatMap((d) => (d.categoryId ? [d.categoryId] : [])),
  );

/** Every one of `docs` in a single page (`next` null), each shown by `present` with the names it refers to (lookupsFor). */
export async function presentAll<T extends DocumentDto>(docs: DocumentRecord[], present: (d: DocumentRecord, lookups: Lookups) => T): Promise<DocumentPage<T>> {
  const lookups = await lookupsFor(docs);
  return { results: docs.map((d) => present(d, lookups)), count: docs.length, next: null };
}

export const presentAcknowledgement = (a: AcknowledgementRecord): AcknowledgementDto => ({
  document_id: a.documentId,
  username: a.username,
  full_name: a.fullName,
  acknowledged_at: a.acknowledgedAt,
  signature: a.signature,
});

/** A reader who is not staff: their program type and cohort come from their student profile (none without one). */
export async function readerOf(caller: Principal): Promise<Reader & { firstName: string; lastName: string; hasProfile: boolean }> {
  const profile = await getStudentSummary(caller.username);
  return {
    username: caller.username,
    programType: profile?.programType ?? null,
    cohortId: profile?.cohortId ?? null,
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    hasProfile: profile !== null,
  };
}
