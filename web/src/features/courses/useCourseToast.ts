import type { AlertColor } from '@mui/material/Alert';
import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { showToast } from '../../app/toastSlice';
import { COURSE_TOAST_MS } from './courseMessages';

/** Course Management's toasts: the app-wide slot (a new one replaces the last), hidden after 5000 ms (spec section 9). */
export function useCourseToast(): (message: string, severity: AlertColor) => void {
  const dispatch = useAppDispatch();
  return useCallback((message, severity) => dispatch(showToast(message, { severity, autoHideMs: COURSE_TOAST_MS })), [dispatch]);
}
