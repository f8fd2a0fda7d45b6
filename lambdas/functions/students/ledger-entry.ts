/** POST /api/students/{username}/charges/ (admin) — a further charge or a credit with its reason; never an edit. */
import { LedgerPostRequest } from '../../contract/student-admin.js';
import { centsToDollars, dollarsToCents } from '../../domain/money.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody, parseParams } from '../../http/validate.js';
import { postLedgerEntry } from '../../store/student-ledger.js';
import { UsernameParams } from '../../contract/params.js';

export const handler = route('students-ledger-entry', async (req) => {
  const { username } = parseParams(req, UsernameParams);
  const input = parseJsonBody(req, LedgerPostRequest);
  const entry = await postLedgerEntry(
    username,
    {
      programType: input.program_type,
      programId: input.program_id,
      kind: input.kind,
      amountCents: dollarsToCents(input.amount),
      reason: input.reason,
      nextDueDate: input.next_due_date,
    },
    callerOf(req).username,
  );
  return {
    status: 201,
    body: {
      id: entry.entryId,
      kind: entry.kind,
      program_type: entry.programType,
      program_id: entry.programId,
      amount: centsToDollars(entry.amountCents),
      reason: entry.reason,
      created_at: entry.createdAt,
    },
  };
});
