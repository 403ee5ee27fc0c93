import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from './Button.tsx';
import { FormError } from './form.tsx';

interface DialogProps {
  open: boolean;
  title: string;
  /** The sentence that says what the dialog is about; read out with the title. */
  message: ReactNode;
  /** Escape does nothing while this is true (e.g. while the action runs). */
  locked?: boolean;
  /** Where focus goes when the dialog opens; the first focusable control otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal on the browser's own `<dialog>`: the page behind is inert, Escape closes it, focus moves in when it opens
 * and back to the control that opened it when it closes.
 */
export function Dialog({ open, title, message, locked = false, initialFocus, onClose, children }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
      initialFocus?.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
    if (!open && opener.current instanceof HTMLElement) {
      opener.current.focus();
      opener.current = null;
    }
  }, [open, initialFocus]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        if (!locked) onClose();
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
        {children}
      </div>
    </dialog>
  );
}

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

/** A question before a destructive action; focus starts on Cancel, the safe choice. */
export function ConfirmDialog({ open, title, message, confirmLabel, busy = false, error, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation('app');
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} title={title} message={message} locked={busy} initialFocus={cancel} onClose={onClose}>
      <FormError message={error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button ref={cancel} type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
          {t('actions.cancel')}
        </button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy ? t('actions.deleting') : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
