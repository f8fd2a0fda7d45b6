import { lazy, Suspense } from 'react';
import { PageLoading } from '#shared/components/PageLoading';

// The page itself loads from here: this module imports only what the shell has, so the route adds
// one file name to the shell's preload lists instead of the page's ~20 (web/README.md "Size budget").
const DocumentsPage = lazy(() => import('./DocumentsPage'));

/** /documents, the route's lazy module. */
export default function DocumentsRoute() {
  return (
    <Suspense fallback={<PageLoading />}>
      <DocumentsPage />
    </Suspense>
  );
}
