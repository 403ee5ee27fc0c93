import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/Button.tsx';
import { FormError } from '../../../components/ui/form.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A modal question before a destructive action. Escape and Cancel close it, focus starts on Cancel (the safe
 * choice) and returns to the control that opened it.
 */
export function ConfirmDialog({ open, title, message, confirmLabel, busy = false, error, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation('app');
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
      cancel.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
    if (!open && opener.current instanceof HTMLElement) {
      opener.current.focus();
      opener.current = null;
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
    >
      <div className="flex flex-col gap-4 p-5">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <p id={messageId} className="text-stone-700">
          {message}
        </p>
        <FormError message={error} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button ref={cancel} type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </button>
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            {busy ? t('actions.deleting') : confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
