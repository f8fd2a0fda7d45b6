/**
 * The reads behind GET /api/dashboard/, all Queries on existing indexes, never a Scan:
 *  - money: the ledger feed (gsi2 PAYMENTS) of the month and the last 30 days, one range; the
 *    refunded payments (gsi1 PAYMENTS#refunded, PAYMENTS#partially_refunded) changed this month;
 *  - documents: the document feed (gsi2 DOCS) newest first; each mandatory document's acknowledgements
 *    (its own collection, ACK# items); every student's program, cohort and cached balance (gsi2
 *    STUDENTS#<type>, four Queries);
 *  - cohorts: the cohort collection (gsi1 COHORTS) and the same student profiles.
 * Every read projects only what the figures need.
 */
import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { ProgramType } from '../contract/programs.js';
import { PROGRAM_TYPES } from '../contract/programs.js';
import type { PaymentStatus } from '../contract/payment-status.js';
import { db, queryAll, TABLE_NAME } from './dynamo.js';
import { catalogKeys, keys } from './keys.js';

type Item = Record<string, unknown>;


export interface PaymentFigures {
  createdAt: string;
  updatedAt: string;
  status: PaymentStatus;
  amountCents: number;
  refundedCents: number;
  refundIds: string[];
}

const PAYMENT_FIELDS = { ProjectionExpression: 'createdAt, updatedAt, #status, amountCents, refundedCents, refundIds', ExpressionAttributeNames: { '#status': 'status' } };
const toPayment = (i: Item): PaymentFigures => ({
  createdAt: String(i.createdAt), updatedAt: String(i.updatedAt ?? i.createdAt), status: i.status as PaymentStatus,
  amountCents: Number(i.amountCents ?? 0), refundedCents: Number(i.refundedCents ?? 0), refundIds: (i.refundIds as string[] | undefined) ?? [],
});

/** Listed payments (money moved, or an attempt failed) created in [fromIso, toIso): one range of the ledger feed. */
export async function paymentsCreatedBetween(fromIso: string, toIso: string): Promise<PaymentFigures[]> {
  return (await queryAll({
    TableName: TABLE_NAME, IndexName: 'gsi2', ...PAYMENT_FIELDS,
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
    // sort keys are `<createdAt>#<intent>`: anything at toIso or later sorts after `toIso` itself
    ExpressionAttributeValues: { ':pk': keys.paymentsFeed, ':from': fromIso, ':to': toIso },
  })).map(toPayment).filter((p) => p.createdAt < toIso);
}

/**
 * Payments with a refund whose record last changed in [fromIso, toIso). A refund sets the record's
 * `updatedAt`, so these hold every refund that landed then. The refunded status collections are read
 * whole (created before `toIso`), filtered by that date: a payment sits there by its creation date,
 * which says nothing of when it was refunded. Refunded payments are few next to the ledger.
 */
export async function refundedPaymentsChangedBetween(fromIso: string, toIso: string): Promise<PaymentFigures[]> {
  const groups = await Promise.all((['refunded', 'partially_refunded'] as const).map((status) => queryAll({
    TableName: TABLE_NAME, IndexName: 'gsi1', ...PAYMENT_FIELDS,
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :to',
    FilterExpression: 'updatedAt >= :from AND updatedAt < :to',
    ExpressionAttributeValues: { ':pk': keys.paymentsWithStatus(status), ':from': fromIso, ':to': toIso },
  })));
  return groups.flat().map(toPayment);
}

export interface StudentFigures {
  username: string;
  programType: ProgramType | null;
  cohortId: string | null;
  balanceCents: number;
}

/** Every student's program, cohort and cached balance: one Query per program type and one for none. */
export async function allStudentFigures(): Promise<StudentFigures[]> {
  const groups = await Promise.all([...PROGRAM_TYPES, null].map((type) => queryAll({
    TableName: TABLE_NAME, IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': keys.studentsOfProgram(type) },
    ProjectionExpression: 'username, programType, cohortId, balanceCents',
  })));
  return groups.flat().map((i) => ({
    username: String(i.username), programType: (i.programType ?? null) as ProgramType | null,
    cohortId: (i.cohortId ?? null) as string | null, balanceCents: Number(i.balanceCents ?? 0),
  }));
}

export interface DocumentFigures {
  id: string;
  title: string;
  scope: 'individual' | 'cohort' | 'program' | 'general';
  cohortId: string | null;
  programType: ProgramType | null;
  isPublic: boolean;
  isMandatory: boolean;
  assignedStudents: Array<{ username: string }>;
  uploadedAt: string;
  uploadedBy: string;
  uploadedByName: string;
}

const DOCUMENT_FIELDS = {
  ProjectionExpression: 'id, title, #scope, cohortId, programType, isPublic, isMandatory, assignedStudents, uploadedAt, uploadedBy, uploadedByName',
  ExpressionAttributeNames: { '#scope': 'scope' },
};
const toDocument = (i: Item): DocumentFigures => ({
  id: String(i.id), title: String(i.title ?? ''), scope: i.scope as DocumentFigures['scope'],
  cohortId: (i.cohortId ?? null) as string | null, programType: (i.programType ?? null) as ProgramType | null,
  isPublic: i.isPublic === true, isMandatory: i.isMandatory === true,
  assignedStudents: ((i.assignedStudents as Array<{ username: string }> | undefined) ?? []).map((s) => ({ username: s.username })),
  uploadedAt: String(i.uploadedAt ?? ''), uploadedBy: String(i.uploadedBy ?? ''), uploadedByName: String(i.uploadedByName ?? ''),
});

/** The newest `limit` documents of the feed. */
export async function latestDocuments(limit: number): Promise<DocumentFigures[]> {
  const page = await db.send(new QueryCommand({
    TableName: TABLE_NAME, IndexName: 'gsi2', ScanIndexForward: false, Limit: limit, ...DOCUMENT_FIELDS,
    KeyConditionExpression: 'gsi2pk = :feed', ExpressionAttributeValues: { ':feed': catalogKeys.documentsFeed },
  }));
  return (page.Items ?? []).map(toDocument);
}

/** Reads this many feed items per Query while looking for mandatory documents. */
const FEED_READ = 200;

/** The newest `limit` mandatory documents: the feed, filtered, read on until enough are found or it ends. */
export async function latestMandatoryDocuments(limit: number): Promise<DocumentFigures[]> {
  const found: Item[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await db.send(new QueryCommand({
      TableName: TABLE_NAME, IndexName: 'gsi2', ScanIndexForward: false, Limit: FEED_READ, ...DOCUMENT_FIELDS,
      KeyConditionExpression: 'gsi2pk = :feed', FilterExpression: 'isMandatory = :yes',
      ExpressionAttributeValues: { ':feed': catalogKeys.documentsFeed, ':yes': true },
      ExclusiveStartKey: startKey,
    }));
    found.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (found.length < limit && startKey);
  return found.slice(0, limit).map(toDocument);
}

/** Who has acknowledged a document: the ACK# items of its collection, usernames only. */
export async function acknowledgedBy(documentId: string): Promise<string[]> {
  return (await queryAll({
    TableName: TABLE_NAME, ProjectionExpression: 'username',
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ack)',
    ExpressionAttributeValues: { ':pk': catalogKeys.document(documentId), ':ack': catalogKeys.documentAcknowledgement('') },
  })).map((i) => String(i.username));
}
