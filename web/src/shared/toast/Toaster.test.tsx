import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast } from './toastSlice';
import { renderWithStore } from '../../testing/test-utils';

const shown = () => document.querySelector('.MuiSnackbar-root')?.textContent ?? null;

afterEach(() => {
  vi.useRealTimers();
});

// AppProviders mounts the Toaster, as the app does.
describe('Toaster (one toast at a time, the newest)', () => {
  it('shows a new toast at once in place of the current one, then hides it after its own duration', async () => {
    const { store } = renderWithStore(<main />);
    act(() => void store.dispatch(showToast('Course created successfully', { severity: 'success', autoHideMs: 5000 })));
    await screen.findByText('Course created successfully');
    vi.useFakeTimers();
    act(() => void store.dispatch(showToast('Course deleted successfully', { severity: 'success', autoHideMs: 300 })));
    expect(shown()).toBe('Course deleted successfully');
    expect(document.querySelectorAll('.MuiSnackbar-root')).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(350));
    expect(shown()).toBeNull();
  });

  it('keeps an error until it is closed, and replaces it with the next news', async () => {
    const { store } = renderWithStore(<main />);
    act(() => void store.dispatch(showToast('Course is still offered', { severity: 'error', autoHideMs: 300 })));
    await screen.findByText('Course is still offered');
    vi.useFakeTimers();
    act(() => void vi.advanceTimersByTime(60_000));
    expect(shown()).toBe('Course is still offered');
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(shown()).toBeNull());

    act(() => void store.dispatch(showToast('Failed to delete course', { severity: 'error', autoHideMs: 5000 })));
    await screen.findByText('Failed to delete course');
    act(() => void store.dispatch(showToast('Course deleted successfully', { severity: 'success', autoHideMs: 5000 })));
    expect(shown()).toBe('Course deleted successfully');
  });
});
