/**
 * A student's clinical file: their rotations (store/rotation.ts's copies), compliance submissions and ledger, read
 * together in one Query of their partition (`sk >= CLINICAL#`: never the checkouts). Apart from the rotation store, so
 * the rotation routes that only write rotations do not load the compliance layouts at cold start.
 */
import { SUBMISSION_TYPE } from './compliance-keys.js';
import { Submission, type SubmissionRecord } from './compliance.js';
import { queryAll, type Item } from './dynamo.js';
import { Placement, rotationKeys, type PlacementRecord } from './rotation.js';
import { ledgerFromItems, studentKeys, type StudentLedger } from './student.js';

export async function studentClinicalFile(username: string): Promise<{ ledger: StudentLedger; placements: PlacementRecord[]; submissions: SubmissionRecord[] } | null> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk >= :from',
    ExpressionAttributeValues: { ':pk': studentKeys.student(username), ':from': rotationKeys.placementPrefix },
  });
  const ledger = ledgerFromItems(items);
  if (!ledger) return null;
  const ofType = (type: string) => items.filter((i: Item) => i.type === type);
  return { ledger, placements: ofType(Placement.type).map(Placement.fromItem), submissions: ofType(SUBMISSION_TYPE).map(Submission.fromItem) };
}
