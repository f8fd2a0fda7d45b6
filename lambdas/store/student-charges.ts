/**
 * Enrollments, charges and credits. Ledger entries are only ever added; each change moves
 * the profile's cached balance and carries its audit entry in the same transaction. No Cognito here.
 */
import { randomUUID } from 'node:crypto';
import { Conflict, Invalid } from '../domain/errors.js';
import type { Enrollment, LedgerEntry } from '../domain/ledger.js';
import type { ProgramType } from '../contract/programs.js';
import { studentSubject } from '../domain/audit-subjects.js';
import { auditPut } from './audit.js';
import { TABLE_NAME } from './dynamo.js';
import { keys } from './keys.js';
import { ensureOwedCounters } from './program-balances.js';
import { balanceUpdate, enrollmentItem, getStudentLedger, ledgerItem, requireStudentRef } from './students.js';
import { transactWrite } from './dynamo.js';

/** Enrolls a student in a program with its opening charge. 409 when already enrolled in it. */
export async function addEnrollment(username: string, e: Omit<Enrollment, 'enrolledAt'> & { amountDueCents: number }, actor: string): Promise<Enrollment> {
  const ref = await requireStudentRef(username);
  const now = new Date().toISOString();
  const enrollment: Enrollment = { programType: e.programType, programId: e.programId, programName: e.programName, nextDueDate: e.nextDueDate, enrolledAt: now };
  const charge: LedgerEntry = { entryId: randomUUID(), kind: 'charge', programType: e.programType, programId: e.programId, amountCents: e.amountDueCents, createdAt: now, reason: 'Enrollment: tuition and fees' };
  const written = await transactWrite([
    { Put: { TableName: TABLE_NAME, Item: enrollmentItem(ref, enrollment, e.amountDueCents), ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: TABLE_NAME, Item: ledgerItem(ref, charge), ConditionExpression: 'attribute_not_exists(pk)' } },
    balanceUpdate(username, e.amountDueCents),
    auditPut({ actor, action: 'student.enroll', entityType: 'student', entityId: username, subject: studentSubject(ref), after: { enrollment, charge } }),
  ]);
  if (!written.ok) throw new Conflict(`program_id: ${username} is already enrolled in ${e.programType} program ${e.programId}`);
  return enrollment;
}

/**
 * Adds a charge or a credit (an adjustment) to one of the student's programs; past entries are never
 * edited. The program's owed counter moves with it (store/program-balances.ts); an older enrollment
 * without one gets it set from its ledger first.
 */
export async function postLedgerEntry(
  username: string,
  p: { programType: ProgramType; programId: string; kind: 'charge' | 'credit'; amountCents: number; reason: string; nextDueDate?: string | null },
  actor: string,
): Promise<LedgerEntry> {
  const ref = await requireStudentRef(username);
  const entry: LedgerEntry = { entryId: randomUUID(), kind: p.kind, programType: p.programType, programId: p.programId, amountCents: p.amountCents, createdAt: new Date().toISOString(), reason: p.reason };
  const delta = p.kind === 'charge' ? p.amountCents : -p.amountCents;
  const enrollmentKey = { pk: keys.student(username), sk: keys.enrollment(p.programType, p.programId) };
  for (let attempt = 1; attempt <= 3; attempt++) {
    const written = await transactWrite([
      {
        Update: {
          TableName: TABLE_NAME, Key: enrollmentKey,
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
