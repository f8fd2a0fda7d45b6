import { createTheme, responsiveFontSizes } from '@mui/material/styles';

/**
 * Every MUI customisation lives here. Colours are chosen for WCAG AA: each `main` colour has
 * at least 4.5:1 contrast against white text and against the page background, and
 * `contrastThreshold: 4.5` makes MUI pick AA text colours for any colour it derives.
 * Headings scale down on small screens (responsiveFontSizes).
 * No `cssVariables` or `colorSchemes` here: the build leaves MUI's CSS-variables theme out (vite.config.ts).
 */
export const theme = responsiveFontSizes(
  createTheme({
    palette: {
      contrastThreshold: 4.5,
      primary: { main: '#005f73' },
      secondary: { main: '#7b2d55' },
      success: { main: '#2e7d32' },
      warning: { main: '#b35300' },
      error: { main: '#c62828' },
      info: { main: '#01579b' },
      background: { default: '#f5f7fa', paper: '#ffffff' },
    },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 500 },
    },
    shape: { borderRadius: 8 },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiAppBar: {
        defaultProps: { elevation: 1 },
        // On the teal bar the focus ring turns light so it keeps 3:1 contrast.
        styleOverrides: { root: { '& .MuiButtonBase-root.Mui-focusVisible': { outlineColor: '#ffd54f' } } },
      },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      // A field's error is announced when it appears, not only shown (helper text as an alert while in error).
      MuiTextField: { defaultProps: { slotProps: { formHelperText: ({ error }) => (error ? { role: 'alert' } : {}) } } },
      // Keyboard users must always see where focus is (dark ring: 3:1 or better on light surfaces).
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': { outline: '3px solid #003b49', outlineOffset: 2 } } },
      },
    },
  }),
);
