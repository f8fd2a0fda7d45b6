import type { Breakpoint } from '@mui/material/styles';
import { useTheme } from '@mui/material/styles';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the screen is at least (`up`) or below (`down`) one of the theme's breakpoints. A few lines
 * instead of MUI's useMediaQuery, which the build would place in the start-up bundle (about 1.3 KB
 * gzipped on every route). Without matchMedia (old browsers, jsdom) it answers false: wide layouts stay
 * wide (tables stay tables) and the admin panel keeps its small-screen drawer.
 */
function useScreen(direction: 'up' | 'down', breakpoint: Breakpoint): boolean {
  const query = useTheme()
    .breakpoints[direction](breakpoint)
    .replace(/^@media\s*/, '');
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(query).matches ?? false);
}

/** Below the sm breakpoint (600 px): phones, where tables become cards and dialogs fill the screen. */
export const useNarrowScreen = () => useScreen('down', 'sm');
/** From the md breakpoint (900 px) up: room for the admin panel's permanent drawer. */
export const useWideScreen = () => useScreen('up', 'md');
