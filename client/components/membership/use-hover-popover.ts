// A popover opened by hovering or pressing its trigger, closed a moment after the pointer
// leaves both (so the pointer can travel from trigger to popover), on Escape, and on a
// second press. The close delay is the popover's own (the Friend popover's is 100 ms,
// docs/product/1-product-screens-membership-header-search.md §6).
import { useCallback, useEffect, useId, useRef, useState } from 'react';

export function useHoverPopover(closeDelayMs: number) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const id = useId();

  const cancelClose = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  const show = useCallback(() => {
    cancelClose();
    setOpen(true);
  }, [cancelClose]);
  const closeSoon = useCallback(() => {
    cancelClose();
    timer.current = setTimeout(() => setOpen(false), closeDelayMs);
  }, [cancelClose, closeDelayMs]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  useEffect(() => cancelClose, [cancelClose]);

  return {
    open,
    popoverId: `popover-${id}`,
    triggerProps: {
      'aria-expanded': open,
      'aria-controls': open ? `popover-${id}` : undefined,
      onClick: () => (open ? setOpen(false) : show()),
      onPointerEnter: show,
      onPointerLeave: closeSoon,
    },
    popoverProps: { id: `popover-${id}`, onPointerEnter: cancelClose, onPointerLeave: closeSoon },
  };
}
