/**
 * What each enrolled program still owes, kept on its enrollment item (`owedCents`) beside the
 * immutable ledger entries that it sums. It is the guard that makes payments safe across requests:
 * a payment moves it only under the condition that it covers what the payment applies, so two
 * payments applied at once either both fit or the second is re-read and its excess refunded, without
 * serializing every payment of a student on one version number (Stripe may deliver a burst of one
 * student's events at once). Every writer of ledger entries moves it in the same transaction.
 */
import type { ProgramType } from '../contract/programs.js';
import { owedByProgram } from '../domain/payment-state.js';
import { TABLE_NAME } from './dynamo.js';
import { keys } from './keys.js';
import type { StudentLedger } from './students.js';
import { transactWrite } from './dynamo.js';

type Program = { programType: ProgramType; programId: string };

const enrollmentKey = (username: string, p: Program) => ({ pk: keys.student(username), sk: keys.enrollment(p.programType, p.programId) });

/**
 * The TransactWrite item moving a program's owed counter by `deltaCents`. With `mustCover`, only if
 * the program owes at least that much (a payment applying `mustCover` cents).
 */
export function owedChange(username: string, program: Program, deltaCents: number, mustCover?: number) {
  return {
    Update: {
      TableName: TABLE_NAME, Key: enrollmentKey(username, program),
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
        TableName: TABLE_NAME, Key: { pk: keys.student(ledger.profile.username), sk: keys.studentProfile },
        ConditionExpression: version === undefined ? 'attribute_not_exists(ledgerVersion)' : 'ledgerVersion = :version',
        ...(version === undefined ? {} : { ExpressionAttributeValues: { ':version': version } }),
      },
    },
    ...missing.map((e) => ({
      Update: {
        TableName: TABLE_NAME, Key: enrollmentKey(ledger.profile.username, e),
        UpdateExpression: 'SET owedCents = :owed', ConditionExpression: 'attribute_not_exists(owedCents)',
        ExpressionAttributeValues: { ':owed': owed.get(`${e.programType}#${e.programId}`) ?? 0 },
      },
    })),
  ]);
  return false;
}
