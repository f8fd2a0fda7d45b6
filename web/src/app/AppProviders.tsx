import CssBaseline from '@mui/material/CssBaseline';
// @mui/material's ThemeProvider also bundles the CSS-variables provider (~3 KB gzipped) that this theme does not use.
import { ThemeProvider } from '@mui/system';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toaster } from '#shared/toast/Toaster';
import type { AppStore } from './store';
import { theme } from './theme';

/** Store, theme and toasts around the router; tests wrap their trees in the same providers. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <Toaster />
      </ThemeProvider>
    </Provider>
  );
}
