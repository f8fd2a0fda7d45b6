import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useAppDispatch } from '../store/hooks';
import { autoHideOf, dismissToast, type Toast } from './toastSlice';

/** One toast: an MUI Snackbar holding an Alert (role "alert"), hidden after `autoHideMs`; an error stays until closed. */
export default function ToastSnackbar({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  const close = () => dispatch(dismissToast(toast.id));
  return (
    <Snackbar
      open
      autoHideDuration={autoHideOf(toast)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
    >
      <Alert severity={toast.severity} variant="filled" onClose={close} sx={{ width: '100%' }}>
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
