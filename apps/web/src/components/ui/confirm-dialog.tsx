import { useEffect, useId, useRef, type ReactNode } from 'react';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  /** The question, naming the person: "Remove amaka@agency.ng?" */
  title: string;
  /** What will happen, in words. */
  children: ReactNode;
  /** The confirming button's words: the action itself, never "OK". */
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The question before an action that cannot simply be taken back (an owner changing someone's access, issue 17; an
 * editor deleting an item, issue 22): a modal <dialog>, so focus moves in and stays there, Escape and Cancel close it
 * without acting, and focus goes back to the button that opened it. Cancel has the first focus: Enter on a key
 * pressed twice does not act.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    cancel.current?.focus();
    return () => {
      if (element.open) element.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        // Escape: closed by React's state, so the effect's clean-up returns focus.
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 className="confirm-dialog__title" id={`${id}-title`}>
        {title}
      </h2>
      <div className="confirm-dialog__body" id={`${id}-body`}>
        {children}
      </div>
      <div className="confirm-dialog__actions">
        <button ref={cancel} type="button" className="btn btn--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={`btn ${danger ? 'btn--owner-danger' : 'btn--primary'}`} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
