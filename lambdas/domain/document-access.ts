/**
 * Who sees which document (the spec gives students none). Staff and admins see every
 * document. Anyone else sees exactly the documents that apply to them:
 *   - documents assigned to them individually, public or private;
 *   - and, when the document is public: general documents, program documents of their program
 *     type, and documents of their cohort.
 * A private general, program or cohort document is for staff only. Individual documents reach
 * only the students they are assigned to, never the rest of the cohort chosen on upload.
 * Finance read documents as staff do (they may read any student's record already, and a
 * student's list asking them to acknowledge handbooks meant for students helped nobody); changing
 * documents stays with staff and admins (the routes' access).
 * The same rule decides who may acknowledge a document and who is still expected to.
 */
import type { ProgramType } from '../contract/programs.js';
import { isFinance, isStaff } from './roles.js';
import type { Role } from '../routes.js';

export interface DocumentAudience {
  scope: 'individual' | 'cohort' | 'program' | 'general';
  cohortId: string | null;
  programType: ProgramType | null;
  isPublic: boolean;
  assignedStudents: ReadonlyArray<{ username: string }>;
}

/** The facts about a reader the rule needs; programType and cohortId are null without a profile. */
export interface Reader {
  username: string;
  programType: ProgramType | null;
  cohortId: string | null;
}

export function appliesTo(doc: DocumentAudience, reader: Reader): boolean {
  if (doc.assignedStudents.some((s) => s.username === reader.username)) return true;
  if (!doc.isPublic) return false;
  switch (doc.scope) {
    case 'general':
      return true;
    case 'program':
      return doc.programType !== null && doc.programType === reader.programType;
    case 'cohort':
      return doc.cohortId !== null && doc.cohortId === reader.cohortId;
    case 'individual':
      return false;
  }
}

export const seesEveryDocument = (roles: readonly Role[]) => isStaff(roles) || isFinance(roles);

/** Only these can be acknowledged (the others need no acknowledgement). */
export const needsAcknowledgement = (doc: { isMandatory: boolean; requiresSignature: boolean }) => doc.isMandatory || doc.requiresSignature;

/** The typed signature matches the full name ignoring case and spaces ("maria  LOPEZ" = "Maria Lopez"). */
export function signatureMatches(signature: string, fullName: string): boolean {
  const norm = (s: string) => s.normalize('NFC').toLocaleLowerCase('en-US').replace(/\s+/g, '');
  return norm(signature) !== '' && norm(signature) === norm(fullName);
}
