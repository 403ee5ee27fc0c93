import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { toastStore, type ToastType } from './toast-store.ts';

const styles: Record<ToastType, string> = {
  info: 'border-sky-700 bg-white',
  success: 'border-leaf-700 bg-white',
  warning: 'border-amber-600 bg-amber-50',
  error: 'border-red-700 bg-red-50',
};

/** The toast stack at the top right (spec §2.6). */
export function ToastStack() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getState, toastStore.getState);
  return (
    <section
      aria-label={t('toasts.region')}
      className="pointer-events-none fixed top-3 right-3 z-50 flex w-[min(24rem,calc(100vw-1.5rem))] flex-col gap-2"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.type === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto rounded-lg border-l-4 p-3 shadow-md ${styles[toast.type]}`}
        >
          <div className="flex items-start gap-2">
            <div className="flex-1">
              <p className="font-medium">{toast.message}</p>
              {toast.description && <p className="mt-1 text-sm text-stone-700">{toast.description}</p>}
              {toast.action && (
                <button type="button" onClick={toast.action.onClick} className="mt-2 min-h-11 font-semibold text-leaf-800 underline">
                  {toast.action.label}
                </button>
              )}
            </div>
            <button
              type="button"
              onClick={() => toastStore.dismiss(toast.id)}
              className="-m-2 min-h-11 min-w-11 rounded text-stone-600 hover:text-stone-900"
              aria-label={t('toasts.dismiss')}
            >
              ×
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
