import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './button';

/** The way out of a dialog (a quiet button, first in the footer). */
export interface DialogCancel {
  label: string;
  /** The dialog's onClose unless given. */
  onClick?: () => void;
}

/** The dialog's action (the primary button, last in the footer). */
export interface DialogConfirm {
  label: string;
  /** Without it the button submits the form named by `form`. */
  onClick?: () => void;
  form?: string;
  disabled?: boolean;
  /** Why it is disabled, as a tooltip. */
  title?: string;
  autoFocus?: boolean;
}

export interface DialogProps {
  title: ReactNode;
  children?: ReactNode;
  /** The footer: `cancel` first, then `actions` (other buttons or links), then `confirm`. */
  cancel?: DialogCancel;
  actions?: ReactNode;
  confirm?: DialogConfirm;
  /** The action runs: the dialog cannot be dismissed, cancel is disabled and confirm spins. */
  busy?: boolean;
  /** Called on Escape when the dialog may be dismissed. */
  onClose?: () => void;
  /** False for dialogs that must be answered (Escape does nothing). */
  dismissible?: boolean;
  className?: string;
  /** Heading level of the title; overlays that replace the page use h1. */
  headingLevel?: 1 | 2;
}

/**
 * A modal on the native <dialog> element (role dialog, named by its title). Mounted when open:
 * render it conditionally.
 */
export function Dialog({
  title,
  children,
  cancel,
  actions,
  confirm,
  busy = false,
  onClose,
  dismissible: mayDismiss = true,
  className,
  headingLevel = 2,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const dismissible = mayDismiss && !busy;
  const hasFooter = Boolean(cancel || actions || confirm);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') {
      try {
        dialog.showModal();
        return;
      } catch {
        // Not connected yet or unsupported: fall back to a non-modal dialog.
      }
    }
    dialog.setAttribute('open', '');
  }, []);

  return (
    <dialog
      ref={ref}
      className={['dialog', className ?? ''].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose?.();
      }}
    >
      <Heading id={titleId} className="dialog-title">
        {title}
      </Heading>
      {children ? <div className="dialog-body">{children}</div> : null}
      {hasFooter ? (
        <div className="dialog-actions">
          {cancel ? (
            <Button variant="ghost" onClick={cancel.onClick ?? onClose} disabled={busy}>
              {cancel.label}
            </Button>
          ) : null}
          {actions}
          {confirm ? (
            <Button
              type={confirm.onClick ? 'button' : 'submit'}
              form={confirm.form}
              onClick={confirm.onClick}
              disabled={confirm.disabled}
              title={confirm.title}
              busy={busy}
              autoFocus={confirm.autoFocus}
            >
              {confirm.label}
            </Button>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
