import type { AlertColor } from '@mui/material/Alert';
import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { showToast } from '../../app/toastSlice';
import { COHORT_TOAST_MS } from './cohortMessages';

/** The cohort screens' toasts, through the app-wide queue. */
export function useCohortToast(): (message: string, severity: AlertColor) => void {
  const dispatch = useAppDispatch();
  return useCallback((message, severity) => dispatch(showToast(message, { severity, autoHideMs: COHORT_TOAST_MS })), [dispatch]);
}
