import { useEffect, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';

/**
 * How the top bar's popups close (notification bell, profile menu): while `open`, a pointer
 * pressed outside `root` or focus leaving it closes the popup where the visitor went
 * (`close(false)`); Escape calls `onEscape`, by default closing with focus back on the trigger
 * (`close(true)`). Returns the handlers for the root element: `<div ref={root} {...dismiss}>`.
 */
export function useDismiss(
  root: RefObject<HTMLElement | null>,
  open: boolean,
  close: (returnFocus: boolean) => void,
  onEscape: () => void = () => close(true),
) {
  // Subscribed again on each render while open, so the listener always calls this render's close.
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) close(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  });

  return {
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      if (!open || event.key !== 'Escape') return;
      event.preventDefault();
      onEscape();
    },
    onBlur(event: FocusEvent<HTMLElement>) {
      const to = event.relatedTarget;
      if (open && to instanceof Node && !root.current?.contains(to)) close(false);
    },
  };
}
