import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface DialogProps {
  title: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom. */
  actions?: ReactNode;
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
  actions,
  onClose,
  dismissible = true,
  className,
  headingLevel = 2,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

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
      {actions ? <div className="dialog-actions">{actions}</div> : null}
    </dialog>
  );
}
