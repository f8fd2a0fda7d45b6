import { describe, expect, it } from 'vitest';
import { appliesTo, needsAcknowledgement, signatureMatches, type DocumentAudience, type Reader } from './document-access.js';

const maria: Reader = { username: 'maria', programType: 'certificate', cohortId: 'c1' };
const doc = (over: Partial<DocumentAudience>): DocumentAudience => ({
  scope: 'general',
  cohortId: null,
  programType: null,
  isPublic: true,
  assignedStudents: [],
  ...over,
});

describe('who a document applies to', () => {
  it.each([
    ['a public general document', doc({}), true],
    ['a private general document', doc({ isPublic: false }), false],
    ['a public document of their program type', doc({ scope: 'program', programType: 'certificate' }), true],
    ['a public document of another program type', doc({ scope: 'program', programType: 'diploma' }), false],
    ['a private document of their program type', doc({ scope: 'program', programType: 'certificate', isPublic: false }), false],
    ['a public document of their cohort', doc({ scope: 'cohort', cohortId: 'c1' }), true],
    ['a public document of another cohort', doc({ scope: 'cohort', cohortId: 'c2' }), false],
    ['a private document of their cohort', doc({ scope: 'cohort', cohortId: 'c1', isPublic: false }), false],
    ['a private document assigned to them', doc({ scope: 'individual', cohortId: 'c2', isPublic: false, assignedStudents: [{ username: 'maria' }] }), true],
    ['a public individual document of their cohort assigned to someone else', doc({ scope: 'individual', cohortId: 'c1', assignedStudents: [{ username: 'ben' }] }), false],
  ])('%s: %s', (_name, d, expected) => {
    expect(appliesTo(d, maria)).toBe(expected);
  });

  it('gives a reader without a profile only public general documents and their own', () => {
    const nobody: Reader = { username: 'fin', programType: null, cohortId: null };
    expect(appliesTo(doc({}), nobody)).toBe(true);
    expect(appliesTo(doc({ scope: 'cohort', cohortId: null }), nobody)).toBe(false);
    expect(appliesTo(doc({ scope: 'program', programType: null }), nobody)).toBe(false);
  });

  it('asks for an acknowledgement only of mandatory documents or ones to sign', () => {
    expect(needsAcknowledgement({ isMandatory: false, requiresSignature: false })).toBe(false);
    expect(needsAcknowledgement({ isMandatory: true, requiresSignature: false })).toBe(true);
    expect(needsAcknowledgement({ isMandatory: false, requiresSignature: true })).toBe(true);
  });

  it('matches a signature to the full name ignoring case and spaces', () => {
    expect(signatureMatches('maria  LOPEZ', 'Maria Lopez')).toBe(true);
    expect(signatureMatches(' MariaLopez ', 'Maria Lopez')).toBe(true);
    expect(signatureMatches('Maria Lopes', 'Maria Lopez')).toBe(false);
    expect(signatureMatches('', '')).toBe(false);
  });
});
