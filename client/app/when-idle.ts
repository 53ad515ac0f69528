// Work a page does not need for its first screen waits until the browser is idle after
// hydration (docs/adr/0096-hydrate-what-the-reader-can-use.md): the membership banners and
// the highlights layer are chunks of their own, loaded then rather than racing hydration.
import { startTransition, useEffect, useState } from 'react';
import { loadRoutePaths } from '../../shared/routing/route-paths.ts';

/** At the latest this long after mount, the work starts even on a page that never goes idle. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `callback` once the browser is idle; returns the cancel. What runs then may draw links to
 * any route (banners, prompts, the next page's code): the whole route table, which the page
 * hydrated without, is loaded first, once idle (docs/adr/0221-the-page-module-named-by-the-document.md).
 */
export function whenIdle(callback: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) callback();
  };
  // The work runs even when the table failed to load (the network): a navigation asks for it again.
  const cancel = whenBrowserIdle(() => void loadRoutePaths().then(run, run));
  return () => {
    cancelled = true;
    cancel();
  };
}

function whenBrowserIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, 1);
  return () => clearTimeout(timer);
}

/**
 * False on the server and during hydration; true once the browser has been idle after mount. The
 * render it causes (the idle parts' chunks mounted) is a transition: React renders it in slices
 * instead of one task (docs/adr/0224-start-up-work-in-slices.md).
 */
export function useWhenIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setIdle(true))), []);
  return idle;
}
