import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Route error screen, keeping the router's wording, which the spec fixes ("Unexpected Application
 * Error!"). The usual cause is a page chunk that failed to load after a deploy, so it offers a
 * reload. Deliberately light (no Alert): it is part of every page's initial JavaScript.
 */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  return (
    <Stack spacing={2} role="alert" sx={{ py: 4, alignItems: 'flex-start' }}>
      <Typography variant="h4" component="h1">
        Unexpected Application Error!
      </Typography>
      <Typography color="error">{message}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Stack>
  );
}
