import type { AcknowledgementList, DocumentRecordDto } from '../../../../lambdas/contract/documents';

/** A document assigned to the student, with who has acknowledged it. */
export interface StudentDocument {
  document: DocumentRecordDto;
  acknowledgements: AcknowledgementList;
}

export const assignedTo = (document: DocumentRecordDto, username: string) =>
  document.assigned_students.some((student) => student.username === username);

export type AcknowledgementState =
  | { kind: 'acknowledged'; at: string; signature: string | null }
  | { kind: 'pending' }
  /** Not mandatory and no signature asked for, so nobody is expected to acknowledge it. */
  | { kind: 'not-required' };

export function acknowledgementOf({ acknowledgements }: StudentDocument, username: string): AcknowledgementState {
  const done = acknowledgements.acknowledged.find((entry) => entry.username === username);
  if (done) return { kind: 'acknowledged', at: done.acknowledged_at, signature: done.signature };
  return acknowledgements.pending.some((entry) => entry.username === username) ? { kind: 'pending' } : { kind: 'not-required' };
}
