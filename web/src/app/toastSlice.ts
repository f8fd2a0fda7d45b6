import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { AlertColor } from '@mui/material/Alert';

/**
 * App-wide toasts (rendered by components/Toaster as an MUI Snackbar). Kept in the store
 * rather than a React context so non-React code, such as the API's 401 handling, can raise one.
 * Auto-hide durations differ per screen (spec section 9), so callers pass them.
 */
export interface Toast {
  id: string;
  message: string;
  severity: AlertColor;
  autoHideMs: number;
}

export interface ToastState {
  queue: Toast[];
}

const initialState: ToastState = { queue: [] };

export const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    showToast: {
      reducer(state, action: PayloadAction<Toast>) {
        state.queue.push(action.payload);
      },
      prepare(message: string, options: { severity?: AlertColor; autoHideMs: number }) {
        return { payload: { id: nanoid(), message, severity: options.severity ?? 'info', autoHideMs: options.autoHideMs } };
      },
    },
    dismissToast(state, action: PayloadAction<string>) {
      state.queue = state.queue.filter((toast) => toast.id !== action.payload);
    },
  },
  selectors: {
    selectCurrentToast: (state) => state.queue[0] ?? null,
  },
});

export const { showToast, dismissToast } = toastSlice.actions;
export const { selectCurrentToast } = toastSlice.selectors;
