import { atom, getDefaultStore } from 'jotai';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';
export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
}

/** Toast duration from the spec (doc 1 §9): 1000 ms. Errors stay a little longer to be readable. */
export const TOAST_DURATION_MS = 1000;
export const ERROR_TOAST_DURATION_MS = 2500;

export const toastQueueAtom = atom<Toast[]>([]);
let nextId = 1;

export function notify(message: string, severity: ToastSeverity = 'info'): void {
  const store = getDefaultStore();
  store.set(toastQueueAtom, (queue) => [...queue, { id: nextId++, message, severity }]);
}

export function dismissToast(id: number): void {
  getDefaultStore().set(toastQueueAtom, (queue) => queue.filter((t) => t.id !== id));
}
