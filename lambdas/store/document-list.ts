/**
 * The lists of GET /api/documents/: the staff feed of every document, and the documents that can
 * apply to one reader. Both take the same filters, in the two forms they are applied: a DynamoDB
 * FilterExpression for the staff feed, and the same conditions in memory for a reader's documents
 * (read from several collections, some by BatchGet, where no FilterExpression applies). Each
 * condition is written once in each form, side by side, so the two cannot drift apart.
 *
 * The cohort filters (academic_year, cohort_number, program_type) are resolved to cohort ids first
 * (cohort.ts listCohorts), so an edited cohort never leaves stale copies on documents.
 */
import type { ProgramType } from '../contract/programs.js';
import { needsAcknowledgement, type Reader } from '../domain/document-access.js';
import {
  Acknowledgement,
  assignedDocumentId,
  assignedStudentNames,
  Document,
  documentKeys,
  documentSearchText,
  type AcknowledgementRecord,
  type DocumentRecord,
  type DocumentScope,
} from './document.js';
import { batchGetAll, queryAll, queryPage, type Item } from './dynamo.js';

export interface DocumentFilters {
  scope?: DocumentScope;
  categoryId?: string;
  isMandatory?: boolean;
  /** academic_year and/or cohort_number: documents of these cohorts (empty: none match). */
  cohortIds?: string[];
  /** program_type: program documents of that type, and documents of that type's cohorts. */
  program?: { type: ProgramType; cohortIds: string[] };
  /** Lower-cased; matches title, description and document text. */
  search?: string;
  /** Lower-cased; matches an assigned student's first name, last name or username. */
  studentName?: string;
}

/** The conditions in memory; text matches the same lower-cased copies the stored item carries for the feed. */
export function matchesFilters(d: DocumentRecord, f: DocumentFilters): boolean {
  return (
    (f.scope === undefined || d.scope === f.scope) &&
    (f.categoryId === undefined || d.categoryId === f.categoryId) &&
    (f.isMandatory === undefined || d.isMandatory === f.isMandatory) &&
    (f.cohortIds === undefined || (d.cohortId !== null && f.cohortIds.includes(d.cohortId))) &&
    (f.program === undefined || d.programType === f.program.type || (d.cohortId !== null && f.program.cohortIds.includes(d.cohortId))) &&
    (f.search === undefined || documentSearchText(d).includes(f.search)) &&
    (f.studentName === undefined || assignedStudentNames(d.assignedStudents).includes(f.studentName))
  );
}

interface FilterParts {
  FilterExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

/** The same conditions as a FilterExpression. Reads cost the same either way; the benchmark measures. */
function filterExpression(f: DocumentFilters): FilterParts {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const inList = (attr: string, ids: string[], prefix: string) => {
    // `IN` takes at most 100 operands; an empty list can match nothing
    if (ids.length === 0) return 'attribute_not_exists(pk)';
    const chunks: string[] = [];
    for (let i = 0; i < ids.length; i += 100) {
      chunks.push(
        `${attr} IN (${ids
          .slice(i, i + 100)
          .map((id, j) => {
            values[`:${prefix}${i + j}`] = id;
            return `:${prefix}${i + j}`;
          })
          .join(', ')})`,
      );
    }
    return chunks.length === 1 ? chunks[0] : `(${chunks.join(' OR ')})`;
  };
  /** `condition` on `value` (named `placeholder` in it), when the filter is given. */
  const where = (value: unknown, placeholder: string, condition: string) => {
    if (value === undefined) return;
    values[placeholder] = value;
    conditions.push(condition);
  };
  if (f.scope !== undefined) names['#scope'] = 'scope';
  where(f.scope, ':scope', '#scope = :scope');
  where(f.categoryId, ':category', 'categoryId = :category');
  where(f.isMandatory, ':mandatory', 'isMandatory = :mandatory');
  if (f.cohortIds !== undefined) conditions.push(inList('cohortId', f.cohortIds, 'cohort'));
  if (f.program !== undefined) {
    const { type, cohortIds } = f.program;
    where(type, ':programType', cohortIds.length ? `(programType = :programType OR ${inList('cohortId', cohortIds, 'programCohort')})` : 'programType = :programType');
  }
  where(f.search, ':search', 'contains(searchText, :search)');
  where(f.studentName, ':studentName', 'contains(studentNames, :studentName)');
  return {
    ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ExpressionAttributeValues: values,
  };
}

export interface DocumentPage {
  documents: DocumentRecord[];
  lastKey: Record<string, unknown> | undefined;
}

/** Reads this many items per Query when filters may discard most of them. */
const FILTERED_READ = 200;

/**
 * Every document, newest first (gsi2 feed), filtered with a FilterExpression, in pages of `limit`.
 * A filtered Query can answer short pages, so this reads on until the page is full or the feed
 * ends; a page cut mid-read continues after its last document (the cursor is that item's key).
 */
export async function listDocumentsPage(filters: DocumentFilters, limit: number, cursor?: Record<string, unknown>): Promise<DocumentPage> {
  if (filters.cohortIds?.length === 0) return { documents: [], lastKey: undefined }; // no cohort matched: nothing can
  const filter = filterExpression(filters);
  const query = {
    IndexName: 'gsi2',
    ScanIndexForward: false,
    KeyConditionExpression: 'gsi2pk = :feed',
    ...filter,
    ExpressionAttributeValues: { ...filter.ExpressionAttributeValues, ':feed': documentKeys.feed },
  };
  const read = filter.FilterExpression === undefined ? limit : Math.max(limit, FILTERED_READ);
  const kept: Item[] = [];
  let lastKey = cursor;
  do {
    const page = await queryPage(query, read, lastKey);
    const room = limit - kept.length;
    if (page.items.length > room) {
      kept.push(...page.items.slice(0, room));
      const last = kept[kept.length - 1];
      lastKey = { pk: last.pk, sk: last.sk, gsi2pk: last.gsi2pk, gsi2sk: last.gsi2sk };
      break;
    }
    kept.push(...page.items);
    lastKey = page.lastKey;
  } while (kept.length < limit && lastKey);
  return { documents: kept.map(Document.fromItem), lastKey };
}

export interface ReaderDocuments {
  documents: DocumentRecord[];
  /** The reader's acknowledgements, by document id. */
  acknowledgements: Map<string, AcknowledgementRecord>;
}

const byIndex = (index: 'gsi1' | 'gsi2', pk: string) => queryAll({ IndexName: index, KeyConditionExpression: `${index}pk = :pk`, ExpressionAttributeValues: { ':pk': pk } });

/**
 * The documents that can apply to one reader: the general collection, their program type's, their
 * cohort's (gsi1), and their own gsi2 collection (assignments and acknowledgements), then one
 * BatchGet of the assigned documents. At most four Queries and a BatchGet, whatever the totals.
 * The caller still applies the visibility rule (domain/document-access.ts): a collection holds
 * private documents too.
 */
export async function listDocumentsForReader(reader: Reader): Promise<ReaderDocuments> {
  const collections = [
    documentKeys.general,
    ...(reader.programType ? [documentKeys.ofProgram(reader.programType)] : []),
    ...(reader.cohortId ? [documentKeys.ofCohort(reader.cohortId)] : []),
  ];
  const [scoped, own] = await Promise.all([Promise.all(collections.map((pk) => byIndex('gsi1', pk))), byIndex('gsi2', documentKeys.ofStudent(reader.username))]);
  const byId = new Map<string, DocumentRecord>();
  for (const d of scoped.flat().map(Document.fromItem)) byId.set(d.id, d);
  const assignedIds = own.flatMap((i) => assignedDocumentId(i) ?? []).filter((id) => !byId.has(id));
  for (const d of (await batchGetAll(assignedIds.map(documentKeys.document))).map(Document.fromItem)) byId.set(d.id, d);
  const acknowledgements = new Map(
    own
      .filter((i) => i.type === Acknowledgement.type)
      .map(Acknowledgement.fromItem)
      .map((a) => [a.documentId, a]),
  );
  const documents = [...byId.values()].sort((a, b) => (a.uploadedAt === b.uploadedAt ? b.id.localeCompare(a.id) : b.uploadedAt.localeCompare(a.uploadedAt)));
  return { documents, acknowledgements };
}

/** A cohort's published documents that ask for an acknowledgement or a signature (clearance for clinicals): one Query of gsi1. */
export async function cohortDocumentsToAcknowledge(cohortId: string): Promise<DocumentRecord[]> {
  return (await byIndex('gsi1', documentKeys.ofCohort(cohortId))).map(Document.fromItem).filter((d) => d.isPublic && needsAcknowledgement(d));
}

/** The ids of the documents a student has acknowledged: one Query of their gsi2 collection, acknowledgements only. */
export async function acknowledgedDocumentIds(username: string): Promise<Set<string>> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :ack)',
    ExpressionAttributeValues: { ':pk': documentKeys.ofStudent(username), ':ack': documentKeys.acknowledgedByStudent('') },
  });
  return new Set(items.map(Acknowledgement.fromItem).map((a) => a.documentId));
}
