import { useEffect, useRef } from 'react';

/**
 * Calls `refresh` when the window regains focus and every `everyMs` while the page is visible: a tab in
 * the background asks nothing, and one brought back asks at once. Stops when the caller unmounts (the
 * bell does on sign-out, so nothing polls for a signed-out visitor).
 */
export function useRefreshWhileVisible(refresh: () => void, everyMs: number): void {
  // the latest callback, without restarting the clock whenever its identity changes
  const latest = useRef(refresh);
  latest.current = refresh;

  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const start = () => {
      stop();
      if (document.visibilityState !== 'hidden') timer = setInterval(() => latest.current(), everyMs);
    };
    const onFocus = () => {
      latest.current();
      start();
    };
    // hidden: no polling; shown again: the clock restarts (the focus that usually follows refreshes)
    const onVisibility = () => (document.visibilityState === 'hidden' ? stop() : start());
    start();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [everyMs]);
}
