import type { StudentRecordDocumentDto } from '#contract/documents';

export type AcknowledgementState =
  | { kind: 'acknowledged'; at: string; signature: string | null }
  /** Mandatory or asking for a signature, and not acknowledged yet. */
  | { kind: 'pending' }
  /** Not mandatory and no signature asked for, so nobody is expected to acknowledge it. */
  | { kind: 'not-required' };

/** Where the student stands with a document that applies to them (the server answers their acknowledgement with it). */
export function acknowledgementOf(doc: Pick<StudentRecordDocumentDto, 'acknowledged_at' | 'signature' | 'acknowledgement_required'>): AcknowledgementState {
  if (doc.acknowledged_at) return { kind: 'acknowledged', at: doc.acknowledged_at, signature: doc.signature };
  return doc.acknowledgement_required ? { kind: 'pending' } : { kind: 'not-required' };
}
