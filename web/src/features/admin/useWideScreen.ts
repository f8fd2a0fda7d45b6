import { useTheme } from '@mui/material/styles';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * True from the theme's md breakpoint up. A few lines instead of MUI's useMediaQuery, which the
 * build would place in the start-up bundle (about 1.3 KB gzipped on every route).
 */
export function useWideScreen(): boolean {
  const query = useTheme().breakpoints.up('md').replace(/^@media\s*/, '');
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  // Without matchMedia (old browsers, tests) the small-screen layout works everywhere.
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(query).matches ?? false);
}
