import { useEffect, useState } from 'react';

/**
 * Medium breakpoint of docs/product/3-routes-data-calls-constants.md §9: narrower screens type the
 * six-digit code instead of following the link.
 */
export const MEDIUM_BREAKPOINT_PX = 728;

/** Whether the screen is narrower than the medium breakpoint (false while server rendering). */
export function useNarrowScreen(): boolean {
  const query = `(max-width: ${MEDIUM_BREAKPOINT_PX - 0.02}px)`;
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const update = () => setNarrow(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return narrow;
}
