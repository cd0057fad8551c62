import { useAtomValue } from 'jotai';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { ERROR_TOAST_DURATION_MS, TOAST_DURATION_MS, dismissToast, toastQueueAtom } from './toast';

export function ToastHost() {
  const queue = useAtomValue(toastQueueAtom);
  const toast = queue[0];
  if (!toast) return null;
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
