import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { AlertColor } from '@mui/material/Alert';

/**
 * App-wide toasts (rendered by Toaster.tsx as an MUI Snackbar). Kept in the store
 * rather than a React context so non-React code, such as the API's 401 handling, can raise one.
 * Auto-hide durations differ per screen (the spec fixes each), so callers pass them.
 *
 * One slot, not a queue: a toast is news about what just happened, so the newest one
 * replaces the current one at once. A queue showed stale news: a fixed save's error for 5 s more,
 * "Course created" while the course was already deleted, "Login successful!" on the payment success
 * page. That last case needs no rule of its own: the payment's success toast replaces the login's.
 * An error is not hidden on a timer (see `autoHideOf`): it stays until dismissed or replaced.
 */
export interface Toast {
  id: string;
  message: string;
  severity: AlertColor;
  /** The duration the caller asked for (its screen's, as the spec fixes it). */
  autoHideMs: number;
}

export interface ToastState {
  current: Toast | null;
}

const initialState: ToastState = { current: null };

export const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    showToast: {
      reducer(state, action: PayloadAction<Toast>) {
        state.current = action.payload;
      },
      prepare(message: string, options: { severity?: AlertColor; autoHideMs: number }) {
        return { payload: { id: nanoid(), message, severity: options.severity ?? 'info', autoHideMs: options.autoHideMs } };
      },
    },
    /** Closes the toast with this id; a toast that already replaced it stays. */
    dismissToast(state, action: PayloadAction<string>) {
      if (state.current?.id === action.payload) state.current = null;
    },
  },
  selectors: {
    selectCurrentToast: (state) => state.current,
  },
});

export const { showToast, dismissToast } = toastSlice.actions;
export const { selectCurrentToast } = toastSlice.selectors;

/** How long a toast stays on its own: an error stays until the person closes it or news replaces it (null). */
export const autoHideOf = (toast: Pick<Toast, 'severity' | 'autoHideMs'>): number | null => (toast.severity === 'error' ? null : toast.autoHideMs);
