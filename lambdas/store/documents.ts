/**
 * Documents. One item collection per document (pk DOC#<id>) holds
 *   DOC                  the record (gsi1: the collection its students read; gsi2: the staff feed)
 *   ASSIGNED#<username>  one per individually assigned student (gsi2: that student's documents)
 *   ACK#<username>       one per acknowledgement (gsi2: that student's documents too)
 * so a document with everything that hangs on it is one Query, and is created and deleted in one
 * transaction with its audit entry. Files live in S3 (document-files.ts).
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type BatchGetCommandOutput,
  type BatchWriteCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { Invalid, NotFound } from '../domain/errors.js';
import type { Reader } from '../domain/document-access.js';
import { documentSubject } from '../domain/audit-subjects.js';
import { auditPut } from './audit.js';
import {
  acknowledgementItem,
  documentItems,
  type AcknowledgementRecord,
  type CohortRecord,
  type DocumentCategoryRecord,
  type DocumentRecord,
} from './catalog-items.js';
import { filterExpression, type DocumentFilters, type StoredDocument } from './document-filters.js';
import { db, queryAll, TABLE_NAME } from './dynamo.js';
import { catalogKeys as k } from './keys.js';

type Item = Record<string, unknown>;
type Key = Record<string, unknown>;

const KEY_ATTRIBUTES = ['pk', 'sk', 'type', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'];
const withoutKeys = (item: Item): Item => Object.fromEntries(Object.entries(item).filter(([name]) => !KEY_ATTRIBUTES.includes(name)));
/** Defaults keep an item written before a field existed readable. */
const toStored = (item: Item): StoredDocument => ({
  assignedStudents: [], searchText: '', studentNames: '', fileSize: null, extractedText: null, ...withoutKeys(item),
}) as unknown as StoredDocument;
const toAcknowledgement = (item: Item) => withoutKeys(item) as unknown as AcknowledgementRecord;


/** BatchGet in chunks of 100 keys, retrying what DynamoDB leaves unprocessed. */
async function batchGet(keys: Key[]): Promise<Item[]> {
  const found: Item[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Key[] | undefined = keys.slice(i, i + 100);
    while (pending?.length) {
      const out: BatchGetCommandOutput = await db.send(new BatchGetCommand({ RequestItems: { [TABLE_NAME]: { Keys: pending } } }));
      found.push(...(out.Responses?.[TABLE_NAME] ?? []));
      pending = out.UnprocessedKeys?.[TABLE_NAME]?.Keys;
    }
  }
  return found;
}

export async function getDocument(id: string): Promise<StoredDocument | null> {
  const found = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: k.document(id), sk: k.documentItem } }));
  return found.Item ? toStored(found.Item) : null;
}

/** The document with its acknowledgements: one Query over its collection. */
export async function getDocumentWithAcknowledgements(id: string): Promise<{ document: StoredDocument; acknowledgements: AcknowledgementRecord[] } | null> {
  const items = await queryAll({ TableName: TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': k.document(id) } });
  const doc = items.find((i) => i.sk === k.documentItem);
  if (!doc) return null;
  return { document: toStored(doc), acknowledgements: items.filter((i) => i.type === 'documentAcknowledgement').map(toAcknowledgement) };
}

export interface DocumentPage {
  documents: StoredDocument[];
  lastKey: Key | undefined;
}

/** Reads this many items per Query when filters may discard most of them. */
const FILTERED_READ = 200;

/**
 * Every document, newest first (gsi2 feed), filtered with a FilterExpression, in pages of `limit`.
 * A filtered Query can answer short pages, so this reads on until the page is full or the feed
 * ends; a page cut mid-read continues after its last document (the cursor is that item's key).
 */
export async function listDocumentsPage(filters: DocumentFilters, limit: number, cursor?: Key): Promise<DocumentPage> {
  if (filters.cohortIds?.length === 0) return { documents: [], lastKey: undefined }; // no cohort matched: nothing can
  const filter = filterExpression(filters);
  const filtered = filter.FilterExpression !== undefined;
  const kept: Item[] = [];
  let lastKey = cursor;
  try {
    do {
      const page = await db.send(new QueryCommand({
        TableName: TABLE_NAME, IndexName: 'gsi2', ScanIndexForward: false,
        KeyConditionExpression: 'gsi2pk = :feed',
        ...filter,
        ExpressionAttributeValues: { ...filter.ExpressionAttributeValues, ':feed': k.documentsFeed },
        Limit: filtered ? Math.max(limit, FILTERED_READ) : limit,
        ExclusiveStartKey: lastKey,
      }));
      const items = page.Items ?? [];
      const room = limit - kept.length;
      if (items.length > room) {
        kept.push(...items.slice(0, room));
        const last = kept[kept.length - 1]!;
        lastKey = { pk: last.pk, sk: last.sk, gsi2pk: last.gsi2pk, gsi2sk: last.gsi2sk };
        break;
      }
      kept.push(...items);
      lastKey = page.LastEvaluatedKey;
    } while (kept.length < limit && lastKey);
  } catch (error) {
    if (cursor && (error as Error).name === 'ValidationException') throw new Invalid('cursor: does not belong to this list');
    throw error;
  }
  return { documents: kept.map(toStored), lastKey };
}

export interface ReaderDocuments {
  documents: StoredDocument[];
  /** The reader's acknowledgements, by document id. */
  acknowledgements: Map<string, AcknowledgementRecord>;
}

/**
 * The documents that can apply to one reader: the general collection, their program type's, their
 * cohort's (gsi1), and their own gsi2 collection (assignments and acknowledgements), then one
 * BatchGet of the assigned documents. At most four Queries and a BatchGet, whatever the totals.
 * The caller still applies the visibility rule (domain/document-access.ts): a collection holds
 * private documents too.
 */
export async function listDocumentsForReader(reader: Reader): Promise<ReaderDocuments> {
  const collections = [
    k.generalDocuments,
    ...(reader.programType ? [k.programDocuments(reader.programType)] : []),
    ...(reader.cohortId ? [k.cohortDocuments(reader.cohortId)] : []),
  ];
  const [scoped, own] = await Promise.all([
    Promise.all(collections.map((pk) => queryAll({
      TableName: TABLE_NAME, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': pk },
    }))),
    queryAll({
      TableName: TABLE_NAME, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': k.documentsOfStudent(reader.username) },
    }),
  ]);
  const byId = new Map<string, StoredDocument>();
  for (const item of scoped.flat()) byId.set(String(item.id), toStored(item));
  const assignedIds = own.filter((i) => i.type === 'documentAssignment').map((i) => String(i.documentId)).filter((id) => !byId.has(id));
  const assigned = await batchGet([...new Set(assignedIds)].map((id) => ({ pk: k.document(id), sk: k.documentItem })));
  for (const item of assigned) byId.set(String(item.id), toStored(item));
  const acknowledgements = new Map(own.filter((i) => i.type === 'documentAcknowledgement').map((i) => [String(i.documentId), toAcknowledgement(i)]));
  const documents = [...byId.values()].sort((a, b) => (a.uploadedAt === b.uploadedAt ? b.id.localeCompare(a.id) : b.uploadedAt.localeCompare(a.uploadedAt)));
  return { documents, acknowledgements };
}

/** Cohorts and categories by id in one BatchGet (for cohort_details and category_name). */
export async function getCohortsAndCategories(cohortIds: Iterable<string>, categoryIds: Iterable<string>) {
  const keys = [
    ...[...new Set(cohortIds)].map((id) => ({ pk: k.cohort(id), sk: k.cohortItem })),
    ...[...new Set(categoryIds)].map((id) => ({ pk: k.documentCategory(id), sk: k.documentCategoryItem })),
  ];
  const items = keys.length ? await batchGet(keys) : [];
  const cohorts = new Map<string, CohortRecord>();
  const categories = new Map<string, DocumentCategoryRecord>();
  for (const item of items) {
    if (item.type === 'cohort') cohorts.set(String(item.id), withoutKeys(item) as unknown as CohortRecord);
    else if (item.type === 'documentCategory') categories.set(String(item.id), withoutKeys(item) as unknown as DocumentCategoryRecord);
  }
  return { cohorts, categories };
}

export async function listDocumentCategories(): Promise<DocumentCategoryRecord[]> {
  const items = await queryAll({ TableName: TABLE_NAME, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': k.documentCategoriesCollection } });
  return items.map((i) => ({ id: String(i.id), name: String(i.name) }));
}

export async function getDocumentCategory(id: string): Promise<DocumentCategoryRecord | null> {
  const found = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: k.documentCategory(id), sk: k.documentCategoryItem } }));
  return found.Item ? { id: String(found.Item.id), name: String(found.Item.name) } : null;
}

const failedConditionAt = (error: unknown): number => {
  if ((error as Error).name !== 'TransactionCanceledException') return -1;
  return ((error as TransactionCanceledException).CancellationReasons ?? []).findIndex((r) => r.Code === 'ConditionalCheckFailed');
};

/** The record, its assignments and its audit entry, all or nothing. */
export async function createDocument(record: DocumentRecord, actor: string, abortSignal?: AbortSignal): Promise<void> {
  const { extractedText: _text, ...logged } = record; // the audit entry need not copy the document's text
  await db.send(new TransactWriteCommand({
    TransactItems: [
      ...documentItems(record).map((Item) => ({ Put: { TableName: TABLE_NAME, Item, ConditionExpression: 'attribute_not_exists(pk)' } })),
      auditPut({ actor, action: 'document.create', entityType: 'document', entityId: record.id, subject: documentSubject(record), after: logged }),
    ],
  }), { abortSignal });
}

/** Whether the record is stored, read consistently: settles a create whose answer was lost. */
export async function documentCommitted(id: string): Promise<boolean> {
  const found = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: k.document(id), sk: k.documentItem }, ConsistentRead: true, ProjectionExpression: 'pk' }));
  return found.Item !== undefined;
}

/** DynamoDB transactions take 100 items. */
const MAX_TRANSACTION_ITEMS = 100;

/**
 * Removes the record, its assignments and acknowledgements with an audit entry in one transaction,
 * and answers the removed record (its file is the caller's to delete). Acknowledgements beyond
 * what one transaction holds are removed right after it (a general document may have hundreds);
 * a leftover acknowledgement of a deleted document is never shown, as the document is gone.
 */
export async function deleteDocument(id: string, actor: string): Promise<StoredDocument> {
  const items = await queryAll({ TableName: TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': k.document(id) } });
  const doc = items.find((i) => i.sk === k.documentItem);
  if (!doc) throw new NotFound('Document not found');
  const record = toStored(doc);
  const others = items.filter((i) => i !== doc).sort((a, b) => (a.type === 'documentAssignment' ? -1 : 0) - (b.type === 'documentAssignment' ? -1 : 0));
  const { extractedText: _text, searchText: _search, ...logged } = record;
  const inTransaction = others.slice(0, MAX_TRANSACTION_ITEMS - 2);
  try {
    await db.send(new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: TABLE_NAME, Key: { pk: doc.pk, sk: doc.sk }, ConditionExpression: 'attribute_exists(pk)' } },
        ...inTransaction.map((i) => ({ Delete: { TableName: TABLE_NAME, Key: { pk: i.pk, sk: i.sk } } })),
        auditPut({ actor, action: 'document.delete', entityType: 'document', entityId: id, subject: documentSubject(record), before: logged }),
      ],
    }));
  } catch (error) {
    if (failedConditionAt(error) === 0) throw new NotFound('Document not found');
    throw error;
  }
  const rest = others.slice(inTransaction.length);
  for (let i = 0; i < rest.length; i += 25) {
    let pending: Array<Record<string, unknown>> | undefined = rest.slice(i, i + 25).map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } }));
    while (pending?.length) {
      const out: BatchWriteCommandOutput = await db.send(new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: pending as never } }));
      pending = out.UnprocessedItems?.[TABLE_NAME] as typeof pending;
    }
  }
  return record;
}

/**
 * Stores an acknowledgement with its audit entry, once: a repeated call answers the one already
 * stored (idempotent) and changes nothing. The document must still exist.
 */
export async function acknowledgeDocument(ack: AcknowledgementRecord, doc?: Pick<DocumentRecord, 'title'>): Promise<AcknowledgementRecord> {
  try {
    await db.send(new TransactWriteCommand({
      TransactItems: [
        { ConditionCheck: { TableName: TABLE_NAME, Key: { pk: k.document(ack.documentId), sk: k.documentItem }, ConditionExpression: 'attribute_exists(pk)' } },
        { Put: { TableName: TABLE_NAME, Item: acknowledgementItem(ack), ConditionExpression: 'attribute_not_exists(pk)' } },
        auditPut({
          actor: ack.username, action: 'document.acknowledge', entityType: 'document', entityId: ack.documentId,
          ...(doc ? { subject: documentSubject(doc) } : {}), after: ack,
        }, ack.acknowledgedAt),
      ],
    }));
    return ack;
  } catch (error) {
    const failed = failedConditionAt(error);
    if (failed === 0) throw new NotFound('Document not found');
    if (failed !== 1) throw error;
  }
  const existing = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { pk: k.document(ack.documentId), sk: k.documentAcknowledgement(ack.username) } }));
  return toAcknowledgement(existing.Item!);
}
