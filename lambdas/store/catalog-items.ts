/**
 * Item layouts of the catalog entities (courses, cohorts, document categories, documents).
 * Their reads and writes are in each entity's own store (courses.ts, cohorts.ts, documents.ts); the local seed writes them too.
 */
import type { ProgramType } from '../contract/programs.js';
import { catalogKeys as k } from './keys.js';

export interface CohortRecord {
  id: string;
  academicYear: string;
  cohortNumber: number;
  programType: ProgramType;
  programName: string;
  isActive: boolean;
  startDate: string | null;
  endDate: string | null;
  /** Members, kept in the same transaction as every move in or out (no counting on reads). */
  studentCount: number;
}

export interface DocumentCategoryRecord {
  id: string;
  name: string;
}

export type DocumentScope = 'individual' | 'cohort' | 'program' | 'general';

/** A student a document is assigned to, with the names the list shows and searches. */
export interface AssignedStudent {
  username: string;
  /** The student's id as the student record shows it (Cognito sub, or the username without one). */
  id: string;
  firstName: string;
  lastName: string;
}

export interface DocumentRecord {
  id: string;
  title: string;
  description: string;
  scope: DocumentScope;
  categoryId: string | null;
  /** Cohort scope: the cohort; individual scope: the cohort the upload form chose. */
  cohortId: string | null;
  /** Program scope: which program type the document is for. */
  programType: ProgramType | null;
  /** Individual scope only. */
  assignedStudents: AssignedStudent[];
  fileName: string;
  fileType: string;
  fileSize: number | null;
  /** `documents/<id>/<safe name>`; null for a record without a stored file (the list shows a badge). */
  s3Key: string | null;
  extractedText: string | null;
  /** Absent on items written before the field existed: read as 'extracted' with text, 'none' without. */
  textStatus?: 'extracted' | 'none' | 'not_extracted';
  /** Why the text was not extracted (out of budget, unreadable). */
  textStatusReason?: string | null;
  isPublic: boolean;
  isMandatory: boolean;
  requiresSignature: boolean;
  uploadedAt: string;
  uploadedBy: string;
  uploadedByName: string;
}

/** A student's acknowledgement of a mandatory document (or signature, when it requires one). */
export interface AcknowledgementRecord {
  documentId: string;
  username: string;
  fullName: string;
  signature: string | null;
  acknowledgedAt: string;
}

type Item = Record<string, unknown>;

export const cohortItem = (c: CohortRecord): Item => ({
  pk: k.cohort(c.id), sk: k.cohortItem, type: 'cohort', ...c,
  gsi1pk: k.cohortsCollection, gsi1sk: `${c.academicYear}#${String(c.cohortNumber).padStart(4, '0')}#${c.id}`,
});

/** Uniqueness marker: one cohort number per academic year and program type. */
export const cohortNumberMarkerItem = (c: Pick<CohortRecord, 'id' | 'academicYear' | 'programType' | 'cohortNumber'>): Item => {
  const key = k.cohortNumber(c.academicYear, c.programType, c.cohortNumber);
  return { pk: key, sk: key, type: 'cohortNumber', cohortId: c.id };
};

export const documentCategoryItem = (c: DocumentCategoryRecord): Item => ({
  pk: k.documentCategory(c.id), sk: k.documentCategoryItem, type: 'documentCategory', ...c,
  gsi1pk: k.documentCategoriesCollection, gsi1sk: `${c.name.toLowerCase()}#${c.id}`,
});

/** The gsi1 collection a document is read from by the students it applies to (see keys.ts). */
function documentCollection(d: DocumentRecord): string {
  if (d.scope === 'general') return k.generalDocuments;
  if (d.scope === 'program' && d.programType) return k.programDocuments(d.programType);
  if (d.scope === 'cohort' && d.cohortId) return k.cohortDocuments(d.cohortId);
  return k.individualDocuments;
}

/**
 * Lower-cased copies the list filters match with `contains` (DynamoDB compares case-sensitively):
 * `searchText` (title, description and document text) and `studentNames` (first name, last name and
 * username of every assigned student).
 */
export const documentSearchText = (d: Pick<DocumentRecord, 'title' | 'description' | 'extractedText'>) =>
  [d.title, d.description, d.extractedText ?? ''].join('\n').toLowerCase();
export const assignedStudentNames = (students: AssignedStudent[]) =>
  students.map((s) => `${s.firstName} ${s.lastName} ${s.username}`).join('\n').toLowerCase();

/** gsi1: the collection students read it from; gsi2: the feed of every document (staff list). */
export const documentItem = (d: DocumentRecord): Item => ({
  pk: k.document(d.id), sk: k.documentItem, type: 'document', ...d,
  searchText: documentSearchText(d), studentNames: assignedStudentNames(d.assignedStudents),
  gsi1pk: documentCollection(d), gsi1sk: k.documentSort(d.uploadedAt, d.id),
  gsi2pk: k.documentsFeed, gsi2sk: k.documentSort(d.uploadedAt, d.id),
});

/** An assignment, in the student's gsi2 collection (their individual documents). */
export const documentAssignmentItem = (d: Pick<DocumentRecord, 'id' | 'uploadedAt'>, username: string): Item => ({
  pk: k.document(d.id), sk: k.documentAssignment(username), type: 'documentAssignment', documentId: d.id, username,
  gsi2pk: k.documentsOfStudent(username), gsi2sk: k.documentSort(d.uploadedAt, d.id),
});

/** In the document's collection (who acknowledged it) and in the student's gsi2 collection (what they acknowledged). */
export const acknowledgementItem = (a: AcknowledgementRecord): Item => ({
  pk: k.document(a.documentId), sk: k.documentAcknowledgement(a.username), type: 'documentAcknowledgement', ...a,
  gsi2pk: k.documentsOfStudent(a.username), gsi2sk: k.acknowledgementSort(a.documentId),
});

/** The document and one assignment per assigned student (used by the upload and the demo seed). */
export const documentItems = (d: DocumentRecord): Item[] => [
  documentItem(d),
  ...d.assignedStudents.map((s) => documentAssignmentItem(d, s.username)),
];
