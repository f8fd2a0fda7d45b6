import { describe, expect, it } from 'vitest';
import { adminCreateUserInput, createdMessage, generateTemporaryPassword } from './create-admin.js';

const admin = { username: 'alice', email: 'alice@school.edu', firstName: 'Alice', lastName: 'Smith' };

describe('create-admin', () => {
  it("generates temporary passwords the pool's policy accepts (12+, upper, lower, digit, symbol), all different", () => {
    const passwords = Array.from({ length: 200 }, () => generateTemporaryPassword());
    for (const password of passwords) {
      expect(password).toHaveLength(20);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[!@#$%^&*\-_=+?]/);
      expect(password).not.toMatch(/[0O1lI\s]/);
    }
    expect(new Set(passwords).size).toBe(passwords.length);
  });

  it('creates the user with a temporary password and no mail: Cognito then demands a new one at first sign-in', () => {
    const input = adminCreateUserInput('eu-west-1_Pool', admin, 'Tmp!pass2345XYZabcde');
    expect(input).toMatchObject({ UserPoolId: 'eu-west-1_Pool', Username: 'alice', TemporaryPassword: 'Tmp!pass2345XYZabcde', MessageAction: 'SUPPRESS' });
    expect(input.UserAttributes).toEqual([
      { Name: 'email', Value: 'alice@school.edu' },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'given_name', Value: 'Alice' },
      { Name: 'family_name', Value: 'Smith' },
    ]);
  });

  it('with --invite lets Cognito make the password and mail it', () => {
    const input = adminCreateUserInput('p', { username: 'bob', email: 'bob@school.edu' }, null);
    expect(input).not.toHaveProperty('TemporaryPassword');
    expect(input).not.toHaveProperty('MessageAction');
    expect(input.DesiredDeliveryMediums).toEqual(['EMAIL']);
    expect(input.UserAttributes?.map((a) => a.Name)).toEqual(['email', 'email_verified']);
  });

  it('prints the password once with its validity, or where it was mailed, and what the first sign-in asks', () => {
    const printed = createdMessage(admin, 'p', { temporaryPassword: 'Tmp!pass2345XYZabcde', validityDays: 7 });
    expect(printed).toMatch(/Temporary password \(shown once; pass it on safely, valid 7 days\): Tmp!pass2345XYZabcde/);
    expect(printed).toMatch(/choose their own password/);
    expect(printed).not.toMatch(/permanent/i);
    expect(createdMessage(admin, 'p', { temporaryPassword: null, validityDays: undefined })).toMatch(/Cognito mailed a temporary password to alice@school.edu/);
  });
});
