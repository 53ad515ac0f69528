// Login history (docs/product/2-sign-in-notices-cache-routing.md §9): the ids of the viewers
// who have signed in on this browser, kept in local storage. When a viewer not seen before
// makes it two or more, the multi-user login event is raised (docs/events.md).
import { track } from './event-queue.ts';

const STORAGE_KEY = 'vellum.loginHistory';
/** Enough to tell one person's accounts from a shared computer; older ids are dropped. */
const MAX_REMEMBERED = 20;

/** The history after `viewerId` signed in, and whether that makes a multi-user login. Pure. */
export function rememberViewer(history: readonly string[], viewerId: string): { history: string[]; multiUserLogin: boolean } {
  if (history.includes(viewerId)) return { history: [...history], multiUserLogin: false };
  const next = [...history, viewerId].slice(-MAX_REMEMBERED);
  return { history: next, multiUserLogin: next.length >= 2 };
}

/** Called at start-up with the signed-in viewer's id (null when signed out). */
export function noteSignedInViewer(viewerId: string | null, storage: Storage | null = safeLocalStorage()): void {
  if (!viewerId || !storage) return;
  let history: string[] = [];
  try {
    const parsed = JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    if (Array.isArray(parsed)) history = parsed.filter((id): id is string => typeof id === 'string');
  } catch {
    // unreadable: start again
  }
  const { history: next, multiUserLogin } = rememberViewer(history, viewerId);
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    return; // storage full or denied: no history, no event
  }
  if (multiUserLogin) track('susi.multiUserLogin', { viewers: next.length });
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
