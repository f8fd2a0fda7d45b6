import { describe, expect, it } from 'vitest';
import { canReadAnyStudent, isAdmin, isStaff, rolesFromGroups } from './roles.js';

describe('rolesFromGroups', () => {
  it('reads an array claim (verified token) and the "[a b]" string API Gateway passes', () => {
    expect(rolesFromGroups(['admin', 'staff'])).toEqual(['admin', 'staff']);
    expect(rolesFromGroups('[admin staff]')).toEqual(['admin', 'staff']);
    expect(rolesFromGroups('[finance]')).toEqual(['finance']);
  });

  it('treats a user in no known group as a student', () => {
    expect(rolesFromGroups(undefined)).toEqual(['student']);
    expect(rolesFromGroups('[]')).toEqual(['student']);
    expect(rolesFromGroups(['alumni'])).toEqual(['student']);
  });

  it('derives the spec flags: admins are staff too; students read only themselves', () => {
    expect(isAdmin(['admin'])).toBe(true);
    expect(isStaff(['admin'])).toBe(true);
    expect(isStaff(['finance'])).toBe(false);
    expect(canReadAnyStudent(['student'])).toBe(false);
    expect(canReadAnyStudent(['finance'])).toBe(true);
  });
});
