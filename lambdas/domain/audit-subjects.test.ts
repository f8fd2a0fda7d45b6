import { describe, expect, it } from 'vitest';
import { cohortSubject, paymentSubject, shortId, studentSubject, subjectFromEntry } from './audit-subjects.js';

describe('audit subjects', () => {
  it('names each kind of record as a person would', () => {
    expect(cohortSubject({ academicYear: '2025-2026', cohortNumber: 1, programName: 'Phlebotomy' })).toBe('cohort 2025-2026 Cohort 1 (Phlebotomy)');
    expect(studentSubject({ username: 'ben', firstName: 'Ben', lastName: 'Nguyen' })).toBe('student Ben Nguyen (ben)');
    expect(studentSubject({ username: 'ben' })).toBe('student ben');
    expect(paymentSubject({ intentId: 'pi_1', amountCents: 22_500_000, username: 'ben' })).toBe('payment pi_1 $225,000.00 for ben');
  });

  it('labels an entry without a stored label from its snapshot, else by kind and a short id', () => {
    const id = '0f0e6a52-6d0b-4a51-9d1e-3c2b1a098765';
    expect(subjectFromEntry({ entityType: 'course', entityId: id, before: { name: 'Chem', crn: '1' }, after: { name: 'Physics', crn: '40101' } })).toBe('course Physics (40101)');
    expect(subjectFromEntry({ entityType: 'course', entityId: id, before: { name: 'Physics', crn: '40101' } })).toBe('course Physics (40101)');
    expect(subjectFromEntry({ entityType: 'document', entityId: id, after: { documentId: id, username: 'ben' } })).toBe('document 0f0e6a52');
    expect(subjectFromEntry({ entityType: 'student', entityId: 'ben', after: { firstName: 'Ben', lastName: 'Nguyen' } })).toBe('student Ben Nguyen (ben)');
    expect(subjectFromEntry({ entityType: 'user', entityId: 'staff' })).toBe('user staff');
    expect(shortId('cohort-2025-cert-1')).toBe('cohort-2025-cert-1');
  });
});
