import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRefreshWhileVisible } from './useRefreshWhileVisible';

let visibility: DocumentVisibilityState = 'visible';

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('useRefreshWhileVisible (the bell: every minute while visible, and on focus)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    visibility = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  });
  afterEach(() => {
    vi.useRealTimers();
    // back to happy-dom's own getter
    delete (document as { visibilityState?: unknown }).visibilityState;
  });

  it('refreshes every interval while the page is visible, and stops on unmount', () => {
    const refresh = vi.fn();
    const { unmount } = renderHook(() => useRefreshWhileVisible(refresh, 60_000));
    vi.advanceTimersByTime(59_999);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    unmount();
    vi.advanceTimersByTime(600_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('asks nothing while the page is hidden, and refreshes at once when the window regains focus', () => {
    const refresh = vi.fn();
    renderHook(() => useRefreshWhileVisible(refresh, 60_000));
    setVisibility('hidden');
    vi.advanceTimersByTime(600_000);
    expect(refresh).not.toHaveBeenCalled();
    setVisibility('visible');
    window.dispatchEvent(new Event('focus'));
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});
