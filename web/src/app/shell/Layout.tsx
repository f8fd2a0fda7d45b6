import Box from '@mui/material/Box';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Header } from './Header';
import { ProgressBar } from '#shared/components/ProgressBar';
import { RedirectNotice } from '#shared/components/RedirectNotice';

/** Shared frame of every route: skip link, header, main landmark, redirect notices. */
export function Layout() {
  // Pages are lazy-loaded: show progress while the next page's code arrives.
  const navigating = useNavigation().state !== 'idle';
  return (
    <>
      <Box component="a" href="#main-content" sx={skipLinkStyle}>
        Skip to main content
      </Box>
      <Header />
      <Box sx={{ height: 4 }}>{navigating && <ProgressBar />}</Box>
      <Box component="main" id="main-content" tabIndex={-1} sx={mainStyle}>
        <RedirectNotice />
        <Outlet />
      </Box>
      <ScrollRestoration />
    </>
  );
}

/** MUI Container's "lg" width and gutters, without the Container component's code. */
const mainStyle = { maxWidth: 'lg', mx: 'auto', px: { xs: 2, sm: 3 }, py: 3, outline: 'none' } as const;

/** Hidden until focused, so keyboard users can jump past the header. */
const skipLinkStyle = {
  position: 'absolute',
  left: 8,
  top: -48,
  zIndex: 2000,
  p: 1,
  borderRadius: 1,
  bgcolor: 'background.paper',
  color: 'primary.main',
  '&:focus': { top: 8 },
} as const;
