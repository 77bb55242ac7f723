import { useCallback, useEffect, useId, useRef, useState } from 'react';

/**
 * A header popover's open state and wiring: Escape closes it and gives focus back to the button
 * that opened it, a click or focus outside closes it. Spread `trigger` on the button and `panel`
 * on the popover element.
 */
export function usePopover() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);

  const close = useCallback((restoreFocus = true) => {
    setOpen(false);
    if (restoreFocus) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onOutside = (event: Event) => {
      if (event.target instanceof Node && !hostRef.current?.contains(event.target)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open, close]);

  return {
    open,
    setOpen,
    close,
    hostRef,
    trigger: {
      ref: triggerRef,
      'aria-expanded': open,
      'aria-controls': id,
      onClick: () => setOpen((v) => !v),
    },
    panelId: id,
  };
}
