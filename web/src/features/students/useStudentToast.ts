import type { AlertColor } from '@mui/material/Alert';
import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { showToast } from '../../app/toastSlice';
import { STUDENT_TOAST_MS } from './studentMessages';

/** The student screens' toasts, through the app-wide queue. */
export function useStudentToast(): (message: string, severity?: AlertColor) => void {
  const dispatch = useAppDispatch();
  return useCallback((message, severity = 'success') => dispatch(showToast(message, { severity, autoHideMs: STUDENT_TOAST_MS })), [dispatch]);
}
