// Keyset paging for every list of stories: `paging: { limit, to }` in,
// `pagingInfo.next { limit, to }` out (docs/product/2-sign-in-notices-cache-routing.md §3). A
// cursor names the last item of a page by its sort key (a publication time) and id, so a page never
// repeats or skips items when stories are published meanwhile.

import { badRequest } from './errors.ts';

export const DEFAULT_PAGE_LIMIT = 25;
export const MAX_PAGE_LIMIT = 50;

export interface PagingOptions {
  limit?: number | null;
  to?: string | null;
}

/** Position after which the next page starts: items sort by (sortKey DESC, id DESC). */
export interface Cursor {
  sortKey: number;
  id: string;
}

export interface PageRequest {
  limit: number;
  after: Cursor | null;
}

export interface Page<T> {
  items: T[];
  pagingInfo: { next: { limit: number; to: string } | null };
}

export function pageRequest(paging: PagingOptions | null | undefined): PageRequest {
  const limit = paging?.limit ?? DEFAULT_PAGE_LIMIT;
  if (limit < 1 || limit > MAX_PAGE_LIMIT) {
    throw badRequest(`paging.limit must be between 1 and ${MAX_PAGE_LIMIT} (got ${limit}).`);
  }
  return { limit, after: paging?.to ? decodeCursor(paging.to) : null };
}

// The cursor is base64url of "{sortKey}.{id}": opaque to clients, cheap to check.
const CURSOR_TEXT = /^(\d{1,16})\.([\w-]{1,64})$/;

export function encodeCursor(cursor: Cursor): string {
  return btoa(`${cursor.sortKey}.${cursor.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeCursor(to: string): Cursor {
  let text: string;
  try {
    text = atob(to.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw badRequest('paging.to is not a cursor from this list.');
  }
  const match = CURSOR_TEXT.exec(text);
  if (!match?.[1] || !match[2]) throw badRequest('paging.to is not a cursor from this list.');
  return { sortKey: Number(match[1]), id: match[2] };
}

/**
 * A page from rows fetched with limit + 1: the extra row only says that a next page
 * exists; the cursor is the last row kept.
 */
export function pageOf<T>(rows: readonly T[], request: PageRequest, cursorOf: (item: T) => Cursor): Page<T> {
  const items = rows.slice(0, request.limit);
  const last = items.at(-1);
  const hasMore = rows.length > request.limit && last !== undefined;
  return {
    items,
    pagingInfo: { next: hasMore ? { limit: request.limit, to: encodeCursor(cursorOf(last)) } : null },
  };
}

export function emptyPage<T>(): Page<T> {
  return { items: [], pagingInfo: { next: null } };
}
