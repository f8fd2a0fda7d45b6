import type { AlertColor } from '@mui/material/Alert';
import { useCallback } from 'react';
import { useAppDispatch } from '../store/hooks';
import { showToast } from './toastSlice';

/** Course Management's figure in the spec, which every screen the spec gives no figure of follows too. */
export const TOAST_MS = 5000;

/**
 * A screen's toasts in the app's one slot (a new one replaces the last), hidden after the screen's
 * `autoHideMs`; errors stay until closed (toastSlice.ts).
 */
export function useToast(autoHideMs: number, defaultSeverity: AlertColor = 'success'): (message: string, severity?: AlertColor) => void {
  const dispatch = useAppDispatch();
  return useCallback((message, severity = defaultSeverity) => dispatch(showToast(message, { severity, autoHideMs })), [dispatch, autoHideMs, defaultSeverity]);
}
