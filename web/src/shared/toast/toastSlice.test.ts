import { describe, expect, it } from 'vitest';
import { makeStore } from '../../testing/test-utils';
import { autoHideOf, dismissToast, selectCurrentToast, showToast } from './toastSlice';

describe('the toast slot (one toast, the newest)', () => {
  it('replaces the current toast at once with a new one, keeping each message its own duration', () => {
    const store = makeStore();
    store.dispatch(showToast('Course created successfully', { severity: 'success', autoHideMs: 5000 }));
    store.dispatch(showToast('Course deleted successfully', { severity: 'success', autoHideMs: 5000 }));
    expect(selectCurrentToast(store.getState())).toMatchObject({ message: 'Course deleted successfully', autoHideMs: 5000 });
    store.dispatch(showToast('Payment successful! Your payment has been processed.', { severity: 'success', autoHideMs: 6000 }));
    expect(selectCurrentToast(store.getState())).toMatchObject({ message: 'Payment successful! Your payment has been processed.', autoHideMs: 6000 });
  });

  it('closes a toast by its id, and never the one that replaced it', () => {
    const store = makeStore();
    const first = store.dispatch(showToast('Login successful!', { severity: 'success', autoHideMs: 4000 })).payload;
    const second = store.dispatch(showToast('Document uploaded successfully', { severity: 'success', autoHideMs: 6000 })).payload;
    store.dispatch(dismissToast(first.id)); // the first toast's late timer
    expect(selectCurrentToast(store.getState())?.id).toBe(second.id);
    store.dispatch(dismissToast(second.id));
    expect(selectCurrentToast(store.getState())).toBeNull();
  });

  it('hides news on its timer, but keeps an error until it is closed or replaced', () => {
    expect(autoHideOf({ severity: 'success', autoHideMs: 5000 })).toBe(5000);
    expect(autoHideOf({ severity: 'info', autoHideMs: 4000 })).toBe(4000);
    expect(autoHideOf({ severity: 'error', autoHideMs: 5000 })).toBeNull();
  });
});
