import { afterEach, describe, expect, it, vi } from 'vitest';
import { loggedOut } from '../session/authSlice';
import { jsonResponse, makeStore, signedIn, stubFetch } from '../../testing/test-utils';
import { refreshBalanceWhenRecorded } from './payments';
import { studentsApi } from './students';

const pageWith = (status: string) => ({
  results: [{ id: 'pi_1', payment_intent_id: 'pi_1', status }],
  next: null,
  count: 1,
  totals: { amount: 0, refunded: 0, succeeded: 0 },
});

/** The student's payments show `statuses` in turn; the student record is always the same. */
function stubServer(...statuses: string[]) {
  return stubFetch((url) => jsonResponse(url.includes('/payments/') ? pageWith(statuses.shift() ?? 'succeeded') : { username: 'student' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('refreshBalanceWhenRecorded', () => {
  it('re-reads the payments until the webhook has recorded the payment, then refetches the student record', async () => {
    const urls = stubServer('pending', 'pending', 'succeeded');
    const store = makeStore(signedIn());
    // An open dashboard: a subscribed student record.
    const dashboard = store.dispatch(studentsApi.endpoints.getStudent.initiate('student'));
    await dashboard;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    const watching = store.dispatch(refreshBalanceWhenRecorded('student', 'pi_1'));
    await vi.advanceTimersByTimeAsync(3000);
    await expect(watching).resolves.toBe(true);
    vi.useRealTimers();

    expect(urls.filter((url) => url.includes('/payments/'))).toHaveLength(3);
    await vi.waitFor(() => expect(urls.filter((url) => url.endsWith('/api/students/student/'))).toHaveLength(2));
    dashboard.unsubscribe();
  });

  it('stops when the user has signed out', async () => {
    const urls = stubServer('pending');
    const store = makeStore(signedIn());
    store.dispatch(loggedOut());
    await expect(store.dispatch(refreshBalanceWhenRecorded('student', 'pi_1'))).resolves.toBe(false);
    expect(urls).toEqual([]);
  });
});
