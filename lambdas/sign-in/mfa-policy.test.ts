import { describe, expect, it } from 'vitest';
import { exemptUsers, mustEnrolTotp } from './mfa-policy.js';

describe('who must turn TOTP on', () => {
  const none = new Set<string>();
  it('every admin, finance and staff account without TOTP; never a student; never one with TOTP on', () => {
    for (const groups of [['admin'], ['finance'], ['staff'], ['staff', 'finance'], '[admin]']) {
      expect(mustEnrolTotp({ username: 'x', groups, mfaEnabled: false }, none)).toBe(true);
      expect(mustEnrolTotp({ username: 'x', groups, mfaEnabled: true }, none)).toBe(false);
    }
    for (const groups of [undefined, [], ['students'], 'student']) expect(mustEnrolTotp({ username: 'x', groups, mfaEnabled: false }, none)).toBe(false);
  });

  it('exempts only the listed usernames of the local stack (any case)', () => {
    const exempt = exemptUsers('local', ' admin, Staff ,');
    expect([...exempt]).toEqual(['admin', 'staff']);
    expect(mustEnrolTotp({ username: 'ADMIN', groups: ['admin'], mfaEnabled: false }, exempt)).toBe(false);
    expect(mustEnrolTotp({ username: 'mfa.admin', groups: ['admin'], mfaEnabled: false }, exempt)).toBe(true);
  });

  it('refuses an exemption list on any deployed stage (the function never starts)', () => {
    for (const stage of ['dev', 'prod', undefined, 'LOCAL']) expect(() => exemptUsers(stage, 'admin')).toThrow(/local stack only/);
    expect(exemptUsers('prod', undefined).size).toBe(0);
    expect(exemptUsers('prod', '  ').size).toBe(0);
  });
});
