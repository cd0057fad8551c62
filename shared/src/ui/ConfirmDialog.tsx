import { Suspense, lazy, useState, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel?: ReactNode;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

const ConfirmDialogView = lazy(() => import('./ConfirmDialogView'));

/** A confirmation dialog; its code loads the first time one opens. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView {...props} />
    </Suspense>
  );
}
