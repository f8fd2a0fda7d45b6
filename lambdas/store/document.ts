/**
 * The Document and its categories: keys, item layouts, reads and writes. The staff list's filters
 * and a reader's documents are in document-list.ts; files live in S3 (document-files.ts).
 *
 * One item collection per document (pk DOC#<id>) holds
 *   DOC                  the record (gsi1: the collection its students read; gsi2: the staff feed)
 *   ASSIGNED#<username>  one per individually assigned student (gsi2: that student's documents)
 *   ACK#<username>       one per acknowledgement (gsi2: that student's documents too)
 * so a document with everything that hangs on it is one Query, and is created and deleted in one
 * transaction with its audit entry.
 */
import { DOCUMENT_SCOPES, type DocumentScope } from '../contract/documents.js';
import { PROGRAM_TYPES, type ProgramType } from '../contract/programs.js';
import * as z from '../contract/zod.js';
import { documentSubject } from '../domain/audit-subjects.js';
import { NotFound } from '../domain/errors.js';
import { auditPut } from './audit.js';
import { Cohort, cohortKeys, type CohortRecord } from './cohort.js';
import { batchGetAll, entity, getItem, queryAll, TABLE_NAME, transactWrite, type Item, type RecordOf, type TransactItems, lazy } from './dynamo.js';

export type { DocumentScope } from '../contract/documents.js';

export const documentKeys = {
  /** The document's item collection: the record, its assignments and its acknowledgements. */
  collection: (id: string) => `DOC#${id}`,
  document: (id: string) => ({ pk: documentKeys.collection(id), sk: 'DOC' }),
  assignment: (documentId: string, username: string) => ({ pk: documentKeys.collection(documentId), sk: `ASSIGNED#${username}` }),
  acknowledgement: (documentId: string, username: string) => ({ pk: documentKeys.collection(documentId), sk: `ACK#${username}` }),
  /**
   * gsi1: the collections a student's documents come from, newest first by upload time. One builder
   * per scope, each with the one value that scope is keyed by (the cohort, or the program type).
   */
  general: 'DOCS#general',
  ofProgram: (programType: ProgramType) => `DOCS#program#${programType}`,
  ofCohort: (cohortId: string) => `DOCS#cohort#${cohortId}`,
  /** Individual documents reach students through their assignments (gsi2), never through a cohort. */
  individual: 'DOCS#individual',
  /** gsi2: every document, newest first (the staff list). */
  feed: 'DOCS',
  byUpload: (uploadedAt: string, id: string) => `${uploadedAt}#${id}`,
  /**
   * gsi2: one student's documents: their assignments (sort `<uploadedAt>#<docId>`) and their
   * acknowledgements (sort `ACK#<docId>`), so one Query answers both.
   */
  ofStudent: (username: string) => `STUDENTDOCS#${username}`,
  acknowledgedByStudent: (documentId: string) => `ACK#${documentId}`,
  category: (id: string) => ({ pk: `DOCCAT#${id}`, sk: 'DOCCAT' }),
  /** gsi1: every category, by name. */
  categories: 'DOCCATS',
  categoryByName: (name: string, id: string) => `${name.toLowerCase()}#${id}`,
} as const;

export const DocumentCategory = entity(
  'documentCategory',
  () =>
    z.object({
      id: z.string(),
      name: z.string(),
    }),
  (c) => ({ ...documentKeys.category(c.id), gsi1pk: documentKeys.categories, gsi1sk: documentKeys.categoryByName(c.name, c.id) }),
);
export type DocumentCategoryRecord = RecordOf<typeof DocumentCategory>;

/** A student a document is assigned to, with the names the list shows and searches. */
const AssignedStudent = lazy(() =>
  z.object({
    username: z.string(),
    /** The student's id as the student record shows it (Cognito sub, or the username without one). */
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  }),
);
export type AssignedStudent = z.infer<ReturnType<typeof AssignedStudent>>;

/**
 * Lower-cased copies the list filters match with `contains` (DynamoDB compares case-sensitively):
 * `searchText` (title, description and document text) and `studentNames` (first name, last name and
 * username of every assigned student).
 */
export const documentSearchText = (d: { title: string; description: string; extractedText: string | null }) =>
  [d.title, d.description, d.extractedText ?? ''].join('\n').toLowerCase();
export const assignedStudentNames = (students: AssignedStudent[]) =>
  students
    .map((s) => `${s.firstName} ${s.lastName} ${s.username}`)
    .join('\n')
    .toLowerCase();

/** The gsi1 collection a document is read from by the students it applies to. */
function collectionOf(d: { scope: DocumentScope; programType: ProgramType | null; cohortId: string | null }): string {
  if (d.scope === 'general') return documentKeys.general;
  if (d.scope === 'program' && d.programType) return documentKeys.ofProgram(d.programType);
  if (d.scope === 'cohort' && d.cohortId) return documentKeys.ofCohort(d.cohortId);
  return documentKeys.individual;
}

/** Defaults keep an item written before a field existed readable. */
export const Document = entity(
  'document',
  () =>
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string(),
      scope: z.enum(DOCUMENT_SCOPES),
      categoryId: z.nullable(z.string()),
      /** Cohort scope: the cohort; individual scope: the cohort the upload form chose. */
      cohortId: z.nullable(z.string()),
      /** Program scope: which program type the document is for. */
      programType: z.nullable(z.enum(PROGRAM_TYPES)),
      /** Individual scope only. */
      assignedStudents: z._default(z.array(AssignedStudent()), []),
      fileName: z.string(),
      fileType: z.string(),
      fileSize: z._default(z.nullable(z.number()), null),
      /** `documents/<id>/<safe name>`; null for a record without a stored file (the list shows a badge). */
      s3Key: z.nullable(z.string()),
      extractedText: z._default(z.nullable(z.string()), null),
      /** Absent on items written before the field existed: read as 'extracted' with text, 'none' without. */
      textStatus: z.optional(z.enum(['extracted', 'none', 'not_extracted'])),
      /** Why the text was not extracted (out of budget, unreadable). */
      textStatusReason: z.optional(z.nullable(z.string())),
      isPublic: z.boolean(),
      isMandatory: z.boolean(),
      requiresSignature: z.boolean(),
      uploadedAt: z.string(),
      uploadedBy: z.string(),
      uploadedByName: z.string(),
    }),
  (d) => ({
    ...documentKeys.document(d.id),
    gsi1pk: collectionOf(d),
    gsi1sk: documentKeys.byUpload(d.uploadedAt, d.id),
    gsi2pk: documentKeys.feed,
    gsi2sk: documentKeys.byUpload(d.uploadedAt, d.id),
  }),
  (d) => ({ searchText: documentSearchText(d), studentNames: assignedStudentNames(d.assignedStudents) }),
);
export type DocumentRecord = RecordOf<typeof Document>;

/** An assignment, in the student's gsi2 collection (their individual documents). */
const ASSIGNMENT = 'documentAssignment';
const assignmentItem = (d: Pick<DocumentRecord, 'id' | 'uploadedAt'>, username: string) => ({
  ...documentKeys.assignment(d.id, username),
  type: ASSIGNMENT,
  documentId: d.id,
  username,
  gsi2pk: documentKeys.ofStudent(username),
  gsi2sk: documentKeys.byUpload(d.uploadedAt, d.id),
});
const Assignment = lazy(() => z.object({ documentId: z.string() }));
/** The id of the document an item assigns, or null when it is not an assignment. */
export const assignedDocumentId = (item: Item): string | null => (item.type === ASSIGNMENT ? Assignment().parse(item).documentId : null);

/** A student's acknowledgement of a mandatory document (or signature, when it requires one). */
export const Acknowledgement = entity(
  'documentAcknowledgement',
  () =>
    z.object({
      documentId: z.string(),
      username: z.string(),
      fullName: z.string(),
      signature: z.nullable(z.string()),
      acknowledgedAt: z.string(),
    }),
  (a) => ({
    // in the document's collection (who acknowledged it) and in the student's (what they acknowledged)
    ...documentKeys.acknowledgement(a.documentId, a.username),
    gsi2pk: documentKeys.ofStudent(a.username),
    gsi2sk: documentKeys.acknowledgedByStudent(a.documentId),
  }),
);
export type AcknowledgementRecord = RecordOf<typeof Acknowledgement>;

/** The document and one assignment per assigned student (the upload, and the demo seed). */
export const documentItems = (d: DocumentRecord) => [Document.item(d), ...d.assignedStudents.map((s) => assignmentItem(d, s.username))];

export async function getDocument(id: string): Promise<DocumentRecord | null> {
  const item = await getItem(documentKeys.document(id));
  return item ? Document.fromItem(item) : null;
}

const collectionItems = (id: string) => queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': documentKeys.collection(id) } });
const isRecordItem = (item: { type?: unknown }) => item.type === Document.type;

/** The document with its acknowledgements: one Query over its collection. */
export async function getDocumentWithAcknowledgements(id: string): Promise<{ document: DocumentRecord; acknowledgements: AcknowledgementRecord[] } | null> {
  const items = await collectionItems(id);
  const doc = items.find(isRecordItem);
  if (!doc) return null;
  return { document: Document.fromItem(doc), acknowledgements: items.filter((i) => i.type === Acknowledgement.type).map(Acknowledgement.fromItem) };
}

/** Cohorts and categories by id in one BatchGet (for cohort_details and category_name). */
export async function getCohortsAndCategories(cohortIds: Iterable<string>, categoryIds: Iterable<string>) {
  const items = await batchGetAll([...[...cohortIds].map(cohortKeys.cohort), ...[...categoryIds].map(documentKeys.category)]);
  const cohorts = new Map<string, CohortRecord>();
  const categories = new Map<string, DocumentCategoryRecord>();
  for (const item of items) {
    if (item.type === Cohort.type) {
      const c = Cohort.fromItem(item);
      cohorts.set(c.id, c);
    } else if (item.type === DocumentCategory.type) {
      const c = DocumentCategory.fromItem(item);
      categories.set(c.id, c);
    }
  }
  return { cohorts, categories };
}

export async function listDocumentCategories(): Promise<DocumentCategoryRecord[]> {
  const items = await queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': documentKeys.categories } });
  return items.map(DocumentCategory.fromItem);
}

export async function getDocumentCategory(id: string): Promise<DocumentCategoryRecord | null> {
  const item = await getItem(documentKeys.category(id));
  return item ? DocumentCategory.fromItem(item) : null;
}

/**
 * The record, its assignments, its audit entry and `also` (its notice's outbox write), all or nothing.
 * The upload cuts the write off before the function's timeout (`abortSignal`) so that it can still answer.
 */
export async function createDocument(record: DocumentRecord, actor: string, options: { abortSignal?: AbortSignal; also?: TransactItems } = {}): Promise<void> {
  const { extractedText: _text, ...logged } = record; // the audit entry need not copy the document's text
  await transactWrite(
    [
      ...documentItems(record).map((Item) => ({ Put: { TableName: TABLE_NAME, Item, ConditionExpression: 'attribute_not_exists(pk)' } })),
      auditPut({ actor, action: 'document.create', entityType: 'document', entityId: record.id, subject: documentSubject(record), after: logged }),
      ...(options.also ?? []),
    ],
    () => {
      throw new Error(`document ${record.id} already exists`); // ids are random UUIDs: a collision is a fault, not bad input
    },
    { abortSignal: options.abortSignal },
  );
}

/** Whether the record is stored, read consistently: settles a create whose answer was lost. */
export async function documentCommitted(id: string): Promise<boolean> {
  return (await getItem(documentKeys.document(id), { consistent: true })) !== undefined;
}

/** DynamoDB transactions take 100 items. */
const MAX_TRANSACTION_ITEMS = 100;

/**
 * Removes the record, its assignments and acknowledgements with an audit entry in one transaction,
 * and answers the removed record (its file is the caller's to delete). Acknowledgements beyond
 * what one transaction holds are removed right after it, a transaction of deletes at a time (a
 * general document may have hundreds); a leftover acknowledgement of a deleted document is never
 * shown, as the document is gone.
 */
export async function deleteDocument(id: string, actor: string): Promise<DocumentRecord> {
  const items = await collectionItems(id);
  const doc = items.find(isRecordItem);
  if (!doc) throw new NotFound('Document not found');
  const record = Document.fromItem(doc);
  const { extractedText: _text, ...logged } = record;
  const deleteOf = (item: Item): TransactItems[number] => ({ Delete: { TableName: TABLE_NAME, Key: { pk: item.pk, sk: item.sk } } });
  // assignments first, so what may be left for after the transaction is acknowledgements only
  const others = items.filter((i) => i !== doc).sort((a, b) => Number(b.type === ASSIGNMENT) - Number(a.type === ASSIGNMENT));
  const inTransaction = others.slice(0, MAX_TRANSACTION_ITEMS - 2);
  await transactWrite(
    [
      { Delete: { TableName: TABLE_NAME, Key: documentKeys.document(id), ConditionExpression: 'attribute_exists(pk)' } },
      ...inTransaction.map(deleteOf),
      auditPut({ actor, action: 'document.delete', entityType: 'document', entityId: id, subject: documentSubject(record), before: logged }),
    ],
    () => {
      throw new NotFound('Document not found');
    },
  );
  const rest = others.slice(inTransaction.length);
  for (let i = 0; i < rest.length; i += MAX_TRANSACTION_ITEMS) await transactWrite(rest.slice(i, i + MAX_TRANSACTION_ITEMS).map(deleteOf));
  return record;
}

/**
 * Stores an acknowledgement with its audit entry, once: a repeated call answers the one already
 * stored (idempotent) and changes nothing. The document must still exist.
 */
export async function acknowledgeDocument(ack: AcknowledgementRecord, doc?: Pick<DocumentRecord, 'title'>): Promise<AcknowledgementRecord> {
  const written = await transactWrite([
    { ConditionCheck: { TableName: TABLE_NAME, Key: documentKeys.document(ack.documentId), ConditionExpression: 'attribute_exists(pk)' } },
    { Put: { TableName: TABLE_NAME, Item: Acknowledgement.item(ack), ConditionExpression: 'attribute_not_exists(pk)' } },
    auditPut(
      {
        actor: ack.username,
        action: 'document.acknowledge',
        entityType: 'document',
        entityId: ack.documentId,
        ...(doc ? { subject: documentSubject(doc) } : {}),
        after: ack,
      },
      ack.acknowledgedAt,
    ),
  ]);
  if (written.ok) return ack;
  if (written.failedConditions.includes(0)) throw new NotFound('Document not found');
  // read consistently: the acknowledgement that refused ours may have been written a moment ago
  const existing = await getItem(documentKeys.acknowledgement(ack.documentId, ack.username), { consistent: true });
  if (!existing) throw new NotFound('Document not found'); // removed with its document meanwhile
  return Acknowledgement.fromItem(existing);
}
