// Header height follows scroll (docs/product/1-product-screens-membership-header-search.md §2.5):
// 57 px, plus a 41 px sub-bar on small screens; scrolling down past it slides the header away,
// scrolling back up or reaching the top brings it back. Scroll events are throttled at 100 ms
// (docs/product/2-sign-in-notices-cache-routing.md §9).
import { useEffect, useState, type RefObject } from 'react';

export const HEADER_HEIGHT = 57;
export const SUB_BAR_HEIGHT = 41;
export const SCROLL_THROTTLE_MS = 100;

/** Whether the header is collapsed after a scroll from lastY to y. */
export function nextHeaderCollapsed(collapsed: boolean, lastY: number, y: number, fullHeight: number): boolean {
  if (y <= 0) return false;
  if (y > lastY) return y > fullHeight ? true : collapsed;
  if (y < lastY) return false;
  return collapsed;
}

/** Calls fn at most once per `ms`, with a trailing call so the last event is never lost. */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = (args: A) => {
    last = Date.now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const wait = last + ms - Date.now();
    if (wait <= 0 && timer === null) return run(args);
    pending = args;
    if (timer === null) {
      timer = setTimeout(() => {
        timer = null;
        if (pending) {
          const next = pending;
          pending = null;
          run(next);
        }
      }, Math.max(0, wait));
    }
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}

/** Tracks the collapsed state of the header element (false on the server and at load). */
export function useHeaderCollapsed(header: RefObject<HTMLElement | null>): boolean {
  const [collapsed, setCollapsed] = useState(false);
  useEffect(() => {
    let lastY = window.scrollY;
    const onScroll = throttle(() => {
      const y = window.scrollY;
      const fullHeight = header.current?.offsetHeight ?? HEADER_HEIGHT;
      setCollapsed((current) => nextHeaderCollapsed(current, lastY, y, fullHeight));
      lastY = y;
    }, SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      onScroll.cancel();
    };
  }, [header]);
  return collapsed;
}
