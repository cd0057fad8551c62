import { Suspense, lazy } from 'react';
import { useAtomValue } from 'jotai';
import { toastQueueAtom } from './toast';

const ToastView = lazy(() => import('./ToastView'));

/** Shows the queued toasts one at a time. */
export function ToastHost() {
  const toast = useAtomValue(toastQueueAtom)[0];
  if (!toast) return null;
  return (
    <Suspense fallback={null}>
      <ToastView toast={toast} />
    </Suspense>
  );
}
