/** Toasts (spec §3): a message with a type, shown for 4 s unless persistent, optionally with one action. */
export type ToastType = 'info' | 'success' | 'warning' | 'error';

export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  duration: number;
  persistent: boolean;
  description?: string;
  action?: { label: string; onClick: () => void };
}

export const DEFAULT_TOAST_MS = 4000;

type Listener = () => void;
let toasts: readonly Toast[] = [];
const listeners = new Set<Listener>();
let counter = 0;

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export const toastStore = {
  getState: () => toasts,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  dismiss(id: string) {
    publish(toasts.filter((t) => t.id !== id));
  },
};

export function showToast(message: string, options: Partial<Omit<Toast, 'id' | 'message'>> = {}): string {
  counter += 1;
  const toast: Toast = { id: `toast-${counter}`, message, type: 'info', duration: DEFAULT_TOAST_MS, persistent: false, ...options };
  publish([...toasts, toast]);
  if (!toast.persistent) setTimeout(() => toastStore.dismiss(toast.id), toast.duration);
  return toast.id;
}
