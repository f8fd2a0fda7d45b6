import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { serverErrorOf } from '../lib/serverError';

/**
 * What a list page shows in its list's place: the loading text while the first page loads, then the
 * failure (when there is one), the empty text (when there are no rows) or the list itself.
 */
export function ListOrStatus({
  loading,
  loadingText,
  failure,
  empty,
  children,
}: {
  loading: boolean;
  loadingText: string;
  /** Shown when the list could not be read; false when it could. */
  failure: ReactNode;
  /** Shown when there are no rows; false when there are. */
  empty: string | false;
  children: ReactNode;
}) {
  if (loading) return <Typography role="status">{loadingText}</Typography>;
  if (failure) return failure;
  if (empty !== false) return <Typography>{empty}</Typography>;
  return children;
}

/** A list that could not be read, for ListOrStatus's `failure`: the screen's sentence, then the server's reason when it gave one. */
export function LoadFailure({ message, error }: { message: string; error: unknown }) {
  const reason = serverErrorOf(error);
  return <Alert severity="error">{reason ? `${message}: ${reason}` : message}</Alert>;
}

/** The part of an infinite query the button needs (RTK Query's infinite query result). */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** "Load more" under a list read page by page, while the server has more pages. */
export function LoadMoreButton({ query }: { query: PagedQuery }) {
  if (!query.hasNextPage) return null;
  return (
    <Box>
      <Button variant="outlined" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </Box>
  );
}

/** The parts of an infinite query a list needs (RTK Query's infinite query result). */
interface ListQuery extends PagedQuery {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
}

/**
 * A list read page by page by one query: ListOrStatus with the screen's sentence (and the server's reason) when
 * the list could not be read, then "Load more" while the server has more pages.
 */
export function PagedQueryList({
  query,
  loadingText,
  failureText,
  empty,
  children,
}: {
  query: ListQuery;
  loadingText: string;
  failureText: string;
  /** Shown when there are no rows; false when there are. */
  empty: string | false;
  children: ReactNode;
}) {
  return (
    <>
      <ListOrStatus loading={query.isLoading} loadingText={loadingText} failure={query.isError && <LoadFailure message={failureText} error={query.error} />} empty={empty}>
        {children}
      </ListOrStatus>
      {!query.isError && <LoadMoreButton query={query} />}
    </>
  );
}
