/**
 * POST /api/documents/{id}/acknowledge/ (students) — acknowledges a mandatory document, or signs one
 * that requires a signature (`signature`: the student's full name, ignoring case and spaces).
 * Only a document that applies to the student (403 otherwise); a second call answers the first
 * acknowledgement unchanged.
 */
import { AcknowledgeRequest } from '../../contract/document-acknowledge.js';
import { appliesTo, needsAcknowledgement, signatureMatches } from '../../domain/document-access.js';
import { Forbidden, Invalid, NotFound } from '../../domain/errors.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody, parseParams } from '../../http/validate.js';
import { acknowledgeDocument, getDocument } from '../../store/document.js';
import { fullName, presentAcknowledgement, readerOf } from '../../presenters/document.js';
import { RecordIdParams } from '../../contract/params.js';

export const handler = route('documents-acknowledge', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  // a plain acknowledgement needs no body
  const { signature } = req.body ? parseJsonBody(req, AcknowledgeRequest) : { signature: undefined };
  const [doc, reader] = await Promise.all([getDocument(id), readerOf(callerOf(req))]);
  if (!doc) throw new NotFound('Document not found');
  if (!appliesTo(doc, reader)) throw new Forbidden('This document does not apply to you');
  if (!needsAcknowledgement(doc)) throw new Invalid('id: this document does not ask for an acknowledgement');
  const name = fullName(reader);
  const signed = doc.requiresSignature ? checkedSignature(signature, name) : null;
  const ack = await acknowledgeDocument(
    {
      documentId: id,
      username: reader.username,
      fullName: name,
      signature: signed,
      acknowledgedAt: new Date().toISOString(),
    },
    doc,
  );
  return { body: presentAcknowledgement(ack) };
});

/** The signature a document that requires one was signed with: present, and the reader's full name. */
function checkedSignature(signature: string | undefined, name: string): string {
  if (!signature) throw new Invalid('signature: Please type your full name to sign');
  if (!signatureMatches(signature, name)) throw new Invalid(`signature: must be your full name (${name})`);
  return signature;
}
