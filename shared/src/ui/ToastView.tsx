import Alert from '@mui/material/Alert';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import { ERROR_TOAST_DURATION_MS, TOAST_DURATION_MS, dismissToast, type Toast } from './toast';

/**
 * The visible toast; loaded only when the first toast appears (Snackbar is not start-up code).
 * Each toast gets its own node at the end of <body>, added when it appears: an open modal dialog
 * marks the app root and every other sibling it found aria-hidden, but not a node added after
 * it, so a toast raised while a (full-screen) dialog is open is still announced.
 */
export default function ToastView({ toast }: { toast: Toast }) {
  return (
    <Portal key={toast.id}>
      <Snackbar
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
    </Portal>
  );
}
