import { describe, expect, it } from 'vitest';
import { sampleUser } from '../../testing/test-utils';
import { decideFinanceAccess, NOT_FINANCE_MESSAGE } from './financeAccess';

describe('finance ledger access', () => {
  it('lets finance staff and admins in', () => {
    expect(decideFinanceAccess(sampleUser({ is_finance: true }), false)).toEqual({ status: 'allowed' });
    expect(decideFinanceAccess(sampleUser({ isAdmin: true }), false)).toEqual({ status: 'allowed' });
  });

  it("sends others to the dashboard with a message like the admin guard's", () => {
    expect(decideFinanceAccess(sampleUser({ is_staff: true }), false)).toEqual({ status: 'redirect', to: 'dashboard', message: NOT_FINANCE_MESSAGE });
    expect(NOT_FINANCE_MESSAGE).toBe('You do not have finance privileges to access this area.');
  });

  it('waits for a pending login, sends anonymous users to login and refuses a session without a token', () => {
    expect(decideFinanceAccess(null, true)).toEqual({ status: 'loading' });
    expect(decideFinanceAccess(null, false)).toEqual({ status: 'redirect', to: 'login' });
    expect(decideFinanceAccess(sampleUser({ is_finance: true, token: '' }), false).status).toBe('error');
  });
});
