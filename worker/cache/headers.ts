// The headers of page responses, by cache status.
//
// - Every page response carries X-Cache-Status: DYNAMIC | EXPIRED | HIT | MISS.
// - DYNAMIC responses are Cache-Control: private, no-store — no shared cache (and no
//   browser history cache) may keep a page rendered for one viewer.
// - Stored copies, and the HIT / MISS / EXPIRED responses made from them, carry only the
//   headers on STORED_HEADERS plus Cache-Tag: never Set-Cookie, never Vary: Cookie, nothing
//   of a viewer. Readers get Cache-Control: public, max-age=0, must-revalidate, so a browser
//   asks again on every visit (a reader who signs in must not keep seeing the logged-out
//   copy) while the edge keeps the copy.
// - The copy in storage says how long storage may keep it (freshness + stale retention)
//   and when its render started (RENDERED_AT_HEADER, read by freshness.ts).
import { CACHE_TAG_HEADER, formatCacheTagHeader } from './tags.ts';

export const CACHE_STATUSES = ['DYNAMIC', 'EXPIRED', 'HIT', 'MISS'] as const;
export type CacheStatus = (typeof CACHE_STATUSES)[number];

export const CACHE_STATUS_HEADER = 'x-cache-status';
export const RENDERED_AT_HEADER = 'x-edge-cache-rendered-at';
export const DYNAMIC_CACHE_CONTROL = 'private, no-store';
export const SHARED_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** The only headers of a rendered page that a stored copy keeps. */
export const STORED_HEADERS: readonly string[] = [
  'content-type',
  'content-language',
  'x-route-name',
  'x-page-name',
  'x-frame-options',
  'content-security-policy',
];

function pick(from: Headers, names: readonly string[]): Headers {
  const headers = new Headers();
  for (const name of names) {
    const value = from.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}

/** A DYNAMIC response: the render's own headers, private. */
export function dynamicResponse(rendered: Response, tags: readonly string[]): Response {
  const response = new Response(rendered.body, rendered);
  response.headers.set(CACHE_STATUS_HEADER, 'DYNAMIC');
  response.headers.set('cache-control', DYNAMIC_CACHE_CONTROL);
  if (tags.length) response.headers.set(CACHE_TAG_HEADER, formatCacheTagHeader(tags));
  return response;
}

/** Headers of the copy put in storage. */
export function storedCopyHeaders(rendered: Headers, tags: readonly string[], renderedAt: number, keepSeconds: number): Headers {
  const headers = pick(rendered, STORED_HEADERS);
  headers.set(CACHE_TAG_HEADER, formatCacheTagHeader(tags));
  headers.set('cache-control', `public, max-age=${Math.max(1, keepSeconds)}`);
  headers.set(RENDERED_AT_HEADER, String(renderedAt));
  return headers;
}

/** What every shared response made from one source carries, whatever its status and age. */
const sharedBases = new WeakMap<Headers, readonly [string, string][]>();

function sharedBase(source: Headers): readonly [string, string][] {
  let base = sharedBases.get(source);
  if (!base) {
    const list: [string, string][] = [];
    for (const name of STORED_HEADERS) {
      const value = source.get(name);
      if (value !== null) list.push([name, value]);
    }
    const tags = source.get(CACHE_TAG_HEADER);
    if (tags) list.push([CACHE_TAG_HEADER, tags]);
    list.push(['cache-control', SHARED_CACHE_CONTROL]);
    sharedBases.set(source, (base = list));
  }
  return base;
}

/**
 * Headers a reader gets with a shared page (HIT from the stored copy, MISS / EXPIRED from the
 * render), as a list: a Response takes it as is. What comes from `source` is worked out once
 * per Headers object (a copy held in isolate memory keeps one for all its HITs, storage.ts).
 */
export function sharedPageHeaderList(source: Headers, status: Exclude<CacheStatus, 'DYNAMIC'>, ageSeconds: number): [string, string][] {
  return [...sharedBase(source), ['age', String(Math.max(0, Math.floor(ageSeconds)))], [CACHE_STATUS_HEADER, status]];
}

const sharedRecords = new WeakMap<Headers, Readonly<Record<string, string>>>();

/** sharedPageHeaderList as a record (a Response reads a record faster than a list of pairs). */
export function sharedPageHeaderRecord(source: Headers, status: Exclude<CacheStatus, 'DYNAMIC'>, ageSeconds: number): Record<string, string> {
  let base = sharedRecords.get(source);
  if (!base) sharedRecords.set(source, (base = Object.fromEntries(sharedBase(source))));
  return { ...base, age: String(Math.max(0, Math.floor(ageSeconds))), [CACHE_STATUS_HEADER]: status };
}

/** sharedPageHeaderList as a Headers object. */
export function sharedPageHeaders(source: Headers, status: Exclude<CacheStatus, 'DYNAMIC'>, ageSeconds: number): Headers {
  return new Headers(sharedPageHeaderList(source, status, ageSeconds));
}
