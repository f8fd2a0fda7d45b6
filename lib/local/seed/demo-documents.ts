/**
 * Demo documents in every scope and of several types (pdf, png, txt, docx), with their files. Their
 * text comes from the same extraction an upload runs, so search and previews behave as for uploads.
 */
import { required } from '../../../lambdas/domain/required.js';
import { extractText } from '../../../lambdas/domain/text-extraction.js';
import type { AllowedFileType } from '../../../lambdas/contract/documents.js';
import type { DocumentRecord } from '../../../lambdas/store/document.js';
import { demoStudents } from './demo-students.js';
import { makeDocx, makePdf, makePng } from './sample-files.js';

export interface DemoDocument {
  /** With its file's key, always: the seed puts the file there. */
  record: DocumentRecord & { s3Key: string };
  content: Buffer;
  contentType: string;
}

const HANDBOOK_TEXT = 'Northfield College Student Handbook 2026-2027';
const CLINICAL_TEXT = 'Clinical rotation schedule: Mondays and Wednesdays, 7:00 AM to 3:30 PM at Riverside General.';

interface Spec {
  id: string;
  title: string;
  description: string;
  scope: DocumentRecord['scope'];
  category: string;
  cohortId?: string;
  programType?: DocumentRecord['programType'];
  assigned?: string[];
  fileName: string;
  content: Buffer;
  contentType: string;
  isPublic?: boolean;
  isMandatory?: boolean;
  requiresSignature?: boolean;
  uploadedAt: string;
}

const specs: Spec[] = [
  {
    id: 'doc-handbook',
    title: 'Student Handbook 2026-2027',
    description: 'Policies every student must read.',
    scope: 'general',
    category: 'doccat-2',
    fileName: 'student-handbook.pdf',
    content: makePdf(HANDBOOK_TEXT),
    contentType: 'application/pdf',
    isMandatory: true,
    requiresSignature: true,
    uploadedAt: '2026-08-20T14:00:00.000Z',
  },
  {
    id: 'doc-aid-guide',
    title: 'Financial Aid Guide',
    description: 'How to apply for grants and loans.',
    scope: 'general',
    category: 'doccat-3',
    fileName: 'financial-aid-guide.docx',
    content: makeDocx(['Financial Aid Guide', 'Apply before the priority deadline.']),
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    uploadedAt: '2026-08-22T10:00:00.000Z',
  },
  {
    id: 'doc-na-syllabus',
    title: 'Nursing Assistant Syllabus',
    description: 'Course outline and grading.',
    scope: 'cohort',
    category: 'doccat-1',
    cohortId: 'cohort-2025-cert-1',
    fileName: 'na-syllabus.pdf',
    content: makePdf('Nursing Assistant Syllabus'),
    contentType: 'application/pdf',
    isMandatory: true,
    uploadedAt: '2026-09-01T09:00:00.000Z',
  },
  {
    id: 'doc-clinical-schedule',
    title: 'Clinical Rotation Schedule',
    description: 'Where and when clinicals happen.',
    scope: 'cohort',
    category: 'doccat-6',
    cohortId: 'cohort-2025-dipl-1',
    fileName: 'clinical-schedule.txt',
    content: Buffer.from(`${CLINICAL_TEXT}\n`),
    contentType: 'text/plain',
    uploadedAt: '2026-09-03T09:00:00.000Z',
  },
  {
    id: 'doc-diploma-materials',
    title: 'Diploma Program Lab Manual',
    description: 'Lab procedures for diploma programs.',
    scope: 'program',
    category: 'doccat-1',
    programType: 'diploma',
    fileName: 'lab-manual.docx',
    content: makeDocx(['Lab Manual', 'Wear gloves at all times.']),
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    uploadedAt: '2026-09-05T09:00:00.000Z',
  },
  {
    id: 'doc-cert-badge',
    title: 'Certificate Program ID Badge Template',
    description: 'Badge layout for certificate students.',
    scope: 'program',
    category: 'doccat-4',
    programType: 'certificate',
    fileName: 'badge-template.png',
    content: makePng(),
    contentType: 'image/png',
    uploadedAt: '2026-09-06T09:00:00.000Z',
  },
  {
    id: 'doc-maria-immunization',
    title: 'Immunization Record',
    description: 'Verified immunization record.',
    scope: 'individual',
    category: 'doccat-4',
    cohortId: 'cohort-2025-cert-1',
    assigned: ['student'],
    fileName: 'immunization-record.png',
    content: makePng(),
    contentType: 'image/png',
    isPublic: false,
    isMandatory: true,
    requiresSignature: true,
    uploadedAt: '2026-10-02T11:00:00.000Z',
  },
  {
    id: 'doc-payment-plan',
    title: 'Payment Plan Agreement',
    description: 'Signed installment agreement.',
    scope: 'individual',
    category: 'doccat-3',
    cohortId: 'cohort-2025-cert-1',
    assigned: ['student', 'ben.nguyen'],
    fileName: 'payment-plan.txt',
    content: Buffer.from('Payment plan agreement: monthly installments due on the 15th.\n'),
    contentType: 'text/plain',
    isPublic: false,
    uploadedAt: '2026-10-05T11:00:00.000Z',
  },
];

/** What follows the file name's last dot (all of it without one). */
const extensionOf = (fileName: string) => fileName.slice(fileName.lastIndexOf('.') + 1);

export const demoDocuments: DemoDocument[] = specs.map((s) => ({
  content: s.content,
  contentType: s.contentType,
  record: {
    id: s.id,
    title: s.title,
    description: s.description,
    scope: s.scope,
    categoryId: s.category,
    cohortId: s.cohortId ?? null,
    programType: s.programType ?? null,
    // ids are the usernames here; the seed puts in each student's Cognito sub once it exists
    assignedStudents: (s.assigned ?? []).map((username) => {
      const { firstName, lastName } = required(
        demoStudents.find((d) => d.profile.username === username),
        `demo student ${username}`,
      ).profile;
      return { username, id: username, firstName, lastName };
    }),
    fileName: s.fileName,
    fileType: extensionOf(s.fileName),
    fileSize: s.content.length,
    s3Key: `documents/${s.id}/${s.fileName}`,
    extractedText: extractText(extensionOf(s.fileName) as AllowedFileType, s.content),
    isPublic: s.isPublic ?? true,
    isMandatory: s.isMandatory ?? false,
    requiresSignature: s.requiresSignature ?? false,
    uploadedAt: s.uploadedAt,
    uploadedBy: 'staff',
    uploadedByName: 'Sam Rivera',
  },
}));
