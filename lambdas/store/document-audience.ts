/**
 * The students a document applies to (domain/document-access.ts), read without a Scan: everyone
 * (four Queries on the students-by-program index), one program type, or one cohort's roster, plus
 * the individually assigned students.
 */
import { appliesTo, needsAcknowledgement } from '../domain/document-access.js';
import type { DocumentRecord } from './document.js';
import { listAllStudents, listStudentsOfCohort, listStudentsOfProgram, type StudentSummary } from './student.js';

type Person = Pick<StudentSummary, 'username' | 'firstName' | 'lastName'>;

async function candidates(doc: DocumentRecord): Promise<StudentSummary[]> {
  if (!doc.isPublic) return []; // a private document reaches only its assigned students
  if (doc.scope === 'general') return listAllStudents();
  if (doc.scope === 'program' && doc.programType) return listStudentsOfProgram(doc.programType);
  if (doc.scope === 'cohort' && doc.cohortId) return listStudentsOfCohort(doc.cohortId);
  return [];
}

/** Who is expected to acknowledge it, by last name; nobody when it asks for no acknowledgement. */
export async function expectedAcknowledgers(doc: DocumentRecord): Promise<Person[]> {
  if (!needsAcknowledgement(doc)) return [];
  const people = new Map<string, Person>();
  for (const s of await candidates(doc)) if (appliesTo(doc, s)) people.set(s.username, s);
  for (const s of doc.assignedStudents) people.set(s.username, s);
  const order = (p: Person) => `${p.lastName.toLowerCase()}\u0000${p.firstName.toLowerCase()}\u0000${p.username}`;
  return [...people.values()].sort((a, b) => order(a).localeCompare(order(b)));
}
