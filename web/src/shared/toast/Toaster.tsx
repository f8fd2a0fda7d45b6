import { lazy, Suspense } from 'react';
import { useAppSelector } from '../store/hooks';
import { selectCurrentToast } from './toastSlice';

// Snackbar and Alert load with the first toast, keeping them out of every page's initial JavaScript.
const ToastSnackbar = lazy(() => import('./ToastSnackbar'));

/** Shows the app's current toast (toastSlice.ts); a new one replaces it at once (a new `key`, a new timer). */
export function Toaster() {
  const toast = useAppSelector(selectCurrentToast);
  if (!toast) return null;
  return (
    <Suspense fallback={null}>
      <ToastSnackbar key={toast.id} toast={toast} />
    </Suspense>
  );
}
