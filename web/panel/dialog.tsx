import { useEffect, useId, useRef, type ReactNode } from 'react';

type DialogProps = { title: string; onClose: () => void; children: ReactNode; className?: string };

/**
 * A modal built on the native <dialog>: showModal() traps focus and makes the page inert, Escape closes it.
 * Focus starts on the control marked `data-autofocus` (showModal would otherwise pick the first button,
 * and React's autoFocus runs before the dialog is open), and goes back to whatever opened it, or to the
 * main region when that control is gone or nothing had the focus (a dialog that opened by itself).
 */
export function Dialog({ title, onClose, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Read while rendering, before anything inside the dialog can take the focus.
  const openerRef = useRef(typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null));
  useEffect(() => {
    const dialog = ref.current;
    const opener = openerRef.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    return () => {
      if (dialog?.open) dialog.close();
      if (opener?.isConnected && opener !== document.body) opener.focus();
      else document.getElementById('main')?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
