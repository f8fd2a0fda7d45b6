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
import type { ProgramType } from '../contract/programs.js';
import { PROGRAM_TYPES } from '../contract/programs.js';
import * as z from '../contract/zod.js';
import { documentKeys } from './document.js';
import { queryAll, queryPage, type Item, lazy } from './dynamo.js';
import { Payment, paymentKeys } from './payment.js';
import { StudentProfile, studentKeys } from './student.js';

const PaymentFigures = lazy(() => z.pick(Payment.shape, { createdAt: true, updatedAt: true, status: true, amountCents: true, refundedCents: true, refundIds: true }));
export type PaymentFigures = z.infer<ReturnType<typeof PaymentFigures>>;

const PAYMENT_FIELDS = { ProjectionExpression: 'createdAt, updatedAt, #status, amountCents, refundedCents, refundIds', ExpressionAttributeNames: { '#status': 'status' } };
const toPayment = (i: Item): PaymentFigures => PaymentFigures().parse(i);

/** Listed payments (money moved, or an attempt failed) created in [fromIso, toIso): one range of the ledger feed. */
export async function paymentsCreatedBetween(fromIso: string, toIso: string): Promise<PaymentFigures[]> {
  return (
    await queryAll({
      IndexName: 'gsi2',
      ...PAYMENT_FIELDS,
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
      // sort keys are `<createdAt>#<intent>`: anything at toIso or later sorts after `toIso` itself
      ExpressionAttributeValues: { ':pk': paymentKeys.feed, ':from': fromIso, ':to': toIso },
    })
  )
    .map(toPayment)
    .filter((p) => p.createdAt < toIso);
}

/**
 * Payments with a refund whose record last changed in [fromIso, toIso). A refund sets the record's
 * `updatedAt`, so these hold every refund that landed then. The refunded status collections are read
 * whole (created before `toIso`), filtered by that date: a payment sits there by its creation date,
 * which says nothing of when it was refunded. Refunded payments are few next to the ledger.
 */
export async function refundedPaymentsChangedBetween(fromIso: string, toIso: string): Promise<PaymentFigures[]> {
  const groups = await Promise.all(
    (['refunded', 'partially_refunded'] as const).map((status) =>
      queryAll({
        IndexName: 'gsi1',
        ...PAYMENT_FIELDS,
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :to',
        FilterExpression: 'updatedAt >= :from AND updatedAt < :to',
        ExpressionAttributeValues: { ':pk': paymentKeys.withStatus(status), ':from': fromIso, ':to': toIso },
      }),
    ),
  );
  return groups.flat().map(toPayment);
}

const StudentFigures = lazy(() => z.pick(StudentProfile.shape, { username: true, programType: true, cohortId: true, balanceCents: true }));
export type StudentFigures = Omit<z.infer<ReturnType<typeof StudentFigures>>, 'balanceCents'> & { balanceCents: number };

/** Every student's program, cohort and cached balance: one Query per program type and one for none. */
export async function allStudentFigures(): Promise<StudentFigures[]> {
  const groups = await Promise.all(
    [...PROGRAM_TYPES, null].map((type) =>
      queryAll({
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': studentKeys.studentsOfProgram(type) },
        ProjectionExpression: 'username, programType, cohortId, balanceCents',
      }),
    ),
  );
  return groups.flat().map((i) => {
    const figures = StudentFigures().parse(i);
    return { ...figures, balanceCents: figures.balanceCents ?? 0 };
  });
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
  id: String(i.id),
  title: String(i.title ?? ''),
  scope: i.scope as DocumentFigures['scope'],
  cohortId: (i.cohortId ?? null) as string | null,
  programType: (i.programType ?? null) as ProgramType | null,
  isPublic: i.isPublic === true,
  isMandatory: i.isMandatory === true,
  assignedStudents: ((i.assignedStudents as Array<{ username: string }> | undefined) ?? []).map((s) => ({ username: s.username })),
  uploadedAt: String(i.uploadedAt ?? ''),
  uploadedBy: String(i.uploadedBy ?? ''),
  uploadedByName: String(i.uploadedByName ?? ''),
});

/** The newest `limit` documents of the feed. */
export async function latestDocuments(limit: number): Promise<DocumentFigures[]> {
  const page = await queryPage(
    {
      IndexName: 'gsi2',
      ScanIndexForward: false,
      ...DOCUMENT_FIELDS,
      KeyConditionExpression: 'gsi2pk = :feed',
      ExpressionAttributeValues: { ':feed': documentKeys.feed },
    },
    limit,
  );
  return page.items.map(toDocument);
}

/** Reads this many feed items per Query while looking for mandatory documents. */
const FEED_READ = 200;

/** The newest `limit` mandatory documents: the feed, filtered, read on until enough are found or it ends. */
export async function latestMandatoryDocuments(limit: number): Promise<DocumentFigures[]> {
  const found: Item[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await queryPage(
      {
        IndexName: 'gsi2',
        ScanIndexForward: false,
        ...DOCUMENT_FIELDS,
        KeyConditionExpression: 'gsi2pk = :feed',
        FilterExpression: 'isMandatory = :yes',
        ExpressionAttributeValues: { ':feed': documentKeys.feed, ':yes': true },
      },
      FEED_READ,
      cursor,
    );
    found.push(...page.items);
    cursor = page.lastKey;
  } while (found.length < limit && cursor);
  return found.slice(0, limit).map(toDocument);
}

/** Who has acknowledged a document: the ACK# items of its collection, usernames only. */
export async function acknowledgedBy(documentId: string): Promise<string[]> {
  return (
    await queryAll({
      ProjectionExpression: 'username',
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ack)',
      ExpressionAttributeValues: { ':pk': documentKeys.collection(documentId), ':ack': documentKeys.acknowledgement(documentId, '').sk },
    })
  ).map((i) => String(i.username));
}
