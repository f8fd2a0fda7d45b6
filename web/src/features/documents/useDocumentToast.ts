import type { AlertColor } from '@mui/material/Alert';
import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { showToast } from '../../app/toastSlice';
import { DOCUMENT_TOAST_MS } from './documentMessages';

/** The documents' toasts: the app-wide queue, hidden after 6000 ms (spec section 9). */
export function useDocumentToast(): (message: string, severity: AlertColor) => void {
  const dispatch = useAppDispatch();
  return useCallback((message, severity) => dispatch(showToast(message, { severity, autoHideMs: DOCUMENT_TOAST_MS })), [dispatch]);
}
