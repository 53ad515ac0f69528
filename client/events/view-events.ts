// When view events fire (docs/product/2-sign-in-notices-cache-routing.md §9; docs/events.md):
// a page's view LOAD_EVENT_DELAY_MS after the load event (so a reader who leaves at once is
// not counted, and the view never competes with the page's own loading), and an element's view
// once VIEW_THRESHOLD of it has been on screen.
import { useEffect, useRef, type RefObject } from 'react';
import { LOAD_EVENT_DELAY_MS, VIEW_THRESHOLD } from '../../shared/events/client-events.ts';

/** Runs `callback` LOAD_EVENT_DELAY_MS after the document's load event; returns a cancel. */
export function afterLoad(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = () => {
    timer = setTimeout(callback, LOAD_EVENT_DELAY_MS);
  };
  if (document.readyState === 'complete') {
    wait();
    return () => clearTimeout(timer);
  }
  addEventListener('load', wait, { once: true });
  return () => {
    removeEventListener('load', wait);
    clearTimeout(timer);
  };
}

/**
 * Calls `onView` once when a quarter of the element is on screen (at once where
 * IntersectionObserver is missing). Re-arms when `key` changes (another banner in the same place).
 */
export function useViewEvent<T extends Element>(onView: () => void, key: unknown = null): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  const latest = useRef(onView);
  latest.current = onView;
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver !== 'function') {
      latest.current();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= VIEW_THRESHOLD)) {
          observer.disconnect();
          latest.current();
        }
      },
      { threshold: VIEW_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [key]);
  return ref;
}
