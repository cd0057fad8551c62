import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { ERROR_TOAST_DURATION_MS, TOAST_DURATION_MS, dismissToast, type Toast } from './toast';

/** The visible toast; loaded only when the first toast appears (Snackbar is not start-up code). */
export default function ToastView({ toast }: { toast: Toast }) {
  return (
    <Snackbar
      key={toast.id}
      open
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      autoHideDuration={
        toast.severity === 'error' || toast.severity === 'warning'
          ? ERROR_TOAST_DURATION_MS
          : TOAST_DURATION_MS
      }
      onClose={() => dismissToast(toast.id)}
    >
      <Alert severity={toast.severity} variant="filled" sx={{ width: '100%' }}>
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
