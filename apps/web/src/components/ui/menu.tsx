import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';

export interface MenuProps {
  /** The accessible name of the trigger button. */
  label: string;
  /** What the trigger shows; the label when omitted. */
  trigger?: ReactNode;
  triggerClassName?: string;
  /** Controlled open state (optional). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  align?: 'start' | 'end';
  className?: string;
  /** The popup content; call `close` after an item acts. */
  children: (close: () => void) => ReactNode;
}

/**
 * A button that opens a popup of links and buttons (the disclosure pattern). Escape and a click
 * outside close it; focus returns to the trigger on Escape.
 */
export function Menu({
  label,
  trigger,
  triggerClassName,
  open: controlledOpen,
  onOpenChange,
  align = 'end',
  className,
  children,
}: MenuProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupId = useId();

  const setOpen = useCallback(
    (next: boolean) => {
      if (controlledOpen === undefined) setOwnOpen(next);
      onOpenChange?.(next);
    },
    [controlledOpen, onOpenChange],
  );
  const close = useCallback(() => setOpen(false), [setOpen]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, setOpen]);

  return (
    <div className={['menu', className ?? ''].filter(Boolean).join(' ')} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={triggerClassName ?? 'menu-trigger'}
        aria-label={trigger ? label : undefined}
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        onClick={() => setOpen(!open)}
      >
        {trigger ?? label}
      </button>
      {open ? (
        <div id={popupId} className={`menu-popup menu-popup-${align}`}>
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
