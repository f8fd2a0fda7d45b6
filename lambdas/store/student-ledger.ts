/**
 * Writing a student's bill: enrollments, charges and credits, and the two caches every ledger write
 * moves in the same transaction as its entries: the profile's balance and each program's owed counter.
 * Ledger entries are only ever added; each change carries its audit entry in the same transaction.
 *
 * The owed counter (`owedCents` on the enrollment) is the guard that makes payments safe across
 * requests: a payment moves it only under the condition that it covers what the payment applies, so
 * two payments applied at once either both fit or the second is re-read and its excess refunded,
 * without serializing every payment of a student on one version number (Stripe may deliver a burst
 * of one student's events at once).
 */
import { randomUUID } from 'node:crypto';
import type { ProgramType } from '../contract/programs.js';
import { studentSubject } from '../domain/audit-subjects.js';
import { Conflict, Invalid } from '../domain/errors.js';
import type { Enrollment, LedgerEntry } from '../domain/ledger.js';
import { owedByProgram } from '../domain/payment-state.js';
import { auditPut } from './audit.js';
import { TABLE_NAME, transactWrite } from './dynamo.js';
import { enrollmentItem, getStudentLedger, ledgerItem, requireStudentRef, studentKeys, type StudentLedger } from './student.js';

type Program = { programType: ProgramType; programId: string };

const enrollmentKey = (username: string, p: Program) => studentKeys.enrollment(username, p.programType, p.programId);

/**
 * The TransactWrite item that keeps the cached balance in step with the ledger entries of the same
 * transaction, and counts the change. With `expectVersion` the transaction only commits if the ledger
 * is still the one the caller read (null: a profile that never had a ledger change).
 */
export function balanceUpdate(username: string, deltaCents: number, expectVersion?: number | null) {
  const versionCheck = expectVersion === undefined ? '' : expectVersion === null ? ' AND attribute_not_exists(ledgerVersion)' : ' AND ledgerVersion = :version';
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: studentKeys.profile(username),
      UpdateExpression: 'ADD balanceCents :delta, ledgerVersion :one',
      ConditionExpression: `attribute_exists(pk)${versionCheck}`,
      ExpressionAttributeValues: { ':delta': deltaCents, ':one': 1, ...(typeof expectVersion === 'number' ? { ':version': expectVersion } : {}) },
    },
  };
}

/**
 * The TransactWrite item moving a program's owed counter by `deltaCents`. With `mustCover`, only if
 * the program owes at least that much (a payment applying `mustCover` cents).
 */
export function owedChange(username: string, program: Program, deltaCents: number, mustCover?: number) {
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: enrollmentKey(username, program),
      UpdateExpression: 'ADD owedCents :delta',
      ConditionExpression: `attribute_exists(owedCents)${mustCover === undefined ? '' : ' AND owedCents >= :cover'}`,
      ExpressionAttributeValues: { ':delta': deltaCents, ...(mustCover === undefined ? {} : { ':cover': mustCover }) },
    },
  };
}

/**
 * Sets the counters an older enrollment lacks, from the ledger as read, only if the ledger has not
 * changed since (the profile's ledgerVersion). Answers true when every counter was already there;
 * false when it wrote (or lost a race to write) some, and the caller should read again.
 */
export async function ensureOwedCounters(ledger: StudentLedger): Promise<boolean> {
  const missing = ledger.enrollments.filter((e) => e.owedCents === undefined);
  if (missing.length === 0) return true;
  const owed = owedByProgram(ledger.enrollments, ledger.entries);
  const version = ledger.profile.ledgerVersion;
  await transactWrite([
    {
      ConditionCheck: {
        TableName: TABLE_NAME,
        Key: studentKeys.profile(ledger.profile.username),
        ConditionExpression: version === undefined ? 'attribute_not_exists(ledgerVersion)' : 'ledgerVersion = :version',
        ...(version === undefined ? {} : { ExpressionAttributeValues: { ':version': version } }),
      },
    },
    ...missing.map((e) => ({
      Update: {
        TableName: TABLE_NAME,
        Key: enrollmentKey(ledger.profile.username, e),
        UpdateExpression: 'SET owedCents = :owed',
        ConditionExpression: 'attribute_not_exists(owedCents)',
        ExpressionAttributeValues: { ':owed': owed.get(`${e.programType}#${e.programId}`) ?? 0 },
      },
    })),
  ]);
  return false;
}

/** Enrolls a student in a program with its opening charge. 409 when already enrolled in it. */
export async function addEnrollment(username: string, e: Omit<Enrollment, 'enrolledAt'> & { amountDueCents: number }, actor: string): Promise<Enrollment> {
  const ref = await requireStudentRef(username);
  const now = new Date().toISOString();
  const enrollment: Enrollment = { programType: e.programType, programId: e.programId, programName: e.programName, nextDueDate: e.nextDueDate, enrolledAt: now };
  const charge: LedgerEntry = {
    entryId: randomUUID(),
    kind: 'charge',
    programType: e.programType,
    programId: e.programId,
    amountCents: e.amountDueCents,
    createdAt: now,
    reason: 'Enrollment: tuition and fees',
  };
  await transactWrite(
    [
      { Put: { TableName: TABLE_NAME, Item: enrollmentItem(ref, enrollment, e.amountDueCents), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: TABLE_NAME, Item: ledgerItem(ref, charge), ConditionExpression: 'attribute_not_exists(pk)' } },
      balanceUpdate(username, e.amountDueCents),
      auditPut({ actor, action: 'student.enroll', entityType: 'student', entityId: username, subject: studentSubject(ref), after: { enrollment, charge } }),
    ],
    () => {
      throw new Conflict(`program_id: ${username} is already enrolled in ${e.programType} program ${e.programId}`);
    },
  );
  return enrollment;
}

/**
 * Adds a charge or a credit (an adjustment) to one of the student's programs; past entries are never
 * edited. The program's owed counter moves with it; an older enrollment without one gets it set from
 * its ledger first.
 */
export async function postLedgerEntry(
  username: string,
  p: { programType: ProgramType; programId: string; kind: 'charge' | 'credit'; amountCents: number; reason: string; nextDueDate?: string | null },
  actor: string,
): Promise<LedgerEntry> {
  const ref = await requireStudentRef(username);
  const entry: LedgerEntry = {
    entryId: randomUUID(),
    kind: p.kind,
    programType: p.programType,
    programId: p.programId,
    amountCents: p.amountCents,
    createdAt: new Date().toISOString(),
    reason: p.reason,
  };
  const delta = p.kind === 'charge' ? p.amountCents : -p.amountCents;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const written = await transactWrite([
      {
        Update: {
          TableName: TABLE_NAME,
          Key: enrollmentKey(username, p),
          UpdateExpression: `ADD owedCents :delta${p.nextDueDate === undefined ? '' : ' SET nextDueDate = :d'}`,
          ConditionExpression: 'attribute_exists(pk) AND attribute_exists(owedCents)',
          ExpressionAttributeValues: { ':delta': delta, ...(p.nextDueDate === undefined ? {} : { ':d': p.nextDueDate }) },
        },
      },
      { Put: { TableName: TABLE_NAME, Item: ledgerItem(ref, entry), ConditionExpression: 'attribute_not_exists(pk)' } },
      balanceUpdate(username, delta),
      auditPut({ actor, action: `student.${p.kind}`, entityType: 'student', entityId: username, subject: studentSubject(ref), after: entry }),
    ]);
    if (written.ok) return entry;
    const ledger = await getStudentLedger(username);
    const enrolled = ledger?.enrollments.find((e) => e.programType === p.programType && e.programId === p.programId);
    if (!ledger || !enrolled) break;
    await ensureOwedCounters(ledger);
  }
  throw new Invalid(`program_id: ${username} is not enrolled in ${p.programType} program ${p.programId}`);
}
