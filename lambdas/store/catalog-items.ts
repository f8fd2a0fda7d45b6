/**
 * Item layouts of the catalog entities (courses, cohorts, document categories, documents).
 * Issues 5-7 add their reads and writes next to these; the local seed already writes them.
 */
import type { ProgramType } from '../domain/programs.js';
import { catalogKeys as k } from './keys.js';

export interface CourseRecord {
  id: string;
  name: string;
  crn: string;
  creditHours: number;
  applicationPriceCents: number | null;
  tuitionPriceCents: number | null;
  isCertificateCourse: boolean;
}

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

export interface DocumentRecord {
  id: string;
  title: string;
  description: string;
  scope: DocumentScope;
  categoryId: string | null;
  cohortId: string | null;
  /** Program scope: which program type the document is for. */
  programType: ProgramType | null;
  assignedUsernames: string[];
  fileName: string;
  fileType: string;
  fileSize: number;
  s3Key: string | null;
  extractedText: string | null;
  isPublic: boolean;
  isMandatory: boolean;
  requiresSignature: boolean;
  uploadedAt: string;
  uploadedBy: string;
  uploadedByName: string;
}

type Item = Record<string, unknown>;

/** gsi1: all courses by name; gsi2: certificate / other courses by name (the catalog's two filters, no Scan). */
export const courseItem = (c: CourseRecord): Item => ({
  pk: k.course(c.id), sk: k.courseItem, type: 'course', ...c,
  gsi1pk: k.coursesCollection, gsi1sk: k.courseSort(c.name, c.id),
  gsi2pk: k.coursesOfKind(c.isCertificateCourse), gsi2sk: k.courseSort(c.name, c.id),
});

export const crnMarkerItem = (c: Pick<CourseRecord, 'crn' | 'id'>): Item => ({ pk: k.crn(c.crn), sk: k.crn(c.crn), type: 'crn', courseId: c.id });

export const courseItems = (c: CourseRecord): Item[] => [courseItem(c), crnMarkerItem(c)];

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

export const documentItems = (d: DocumentRecord): Item[] => [
  {
    pk: k.document(d.id), sk: k.documentItem, type: 'document', ...d,
    gsi1pk: k.documentsInScope(d.scope, d.scope === 'cohort' || d.scope === 'individual' ? d.cohortId : d.scope === 'program' ? d.programType : null),
    gsi1sk: `${d.uploadedAt}#${d.id}`,
  },
  ...d.assignedUsernames.map((username) => ({
    pk: k.document(d.id), sk: k.documentAssignment(username), type: 'documentAssignment', documentId: d.id, username,
    gsi2pk: k.documentsOfStudent(username), gsi2sk: `${d.uploadedAt}#${d.id}`,
  })),
];
