// Recent searches (docs/product/3-routes-data-calls-constants.md §5): the 10 most recent
// queries, newest first, blanks ignored, a repeated query moved to the front; kept in local
// storage, or in memory where storage is unavailable (client/components/toasts/browser-storage.ts).
import { localJsonStorage } from '../toasts/browser-storage.ts';

export const RECENT_SEARCHES_KEY = 'vellum.recentSearches';
export const MAX_RECENT_SEARCHES = 10;

export function readRecentSearches(): string[] {
  const stored = localJsonStorage().get<unknown>(RECENT_SEARCHES_KEY, []);
  return Array.isArray(stored) ? stored.filter((q): q is string => typeof q === 'string' && q.trim() !== '').slice(0, MAX_RECENT_SEARCHES) : [];
}

/** Saves a query (trimmed); returns the new list. Blank queries change nothing. */
export function saveRecentSearch(query: string): string[] {
  const trimmed = query.trim();
  const current = readRecentSearches();
  if (trimmed === '') return current;
  const next = [trimmed, ...current.filter((q) => q !== trimmed)].slice(0, MAX_RECENT_SEARCHES);
  localJsonStorage().set(RECENT_SEARCHES_KEY, next);
  return next;
}

export function removeRecentSearch(query: string): string[] {
  const next = readRecentSearches().filter((q) => q !== query);
  localJsonStorage().set(RECENT_SEARCHES_KEY, next);
  return next;
}
