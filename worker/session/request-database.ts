// The request's database handle for the data layer (GraphQL, pages): ONE place decides which
// D1 copy a request reads (docs/adr/0092-d1-read-replicas.md).
//
// D1 read replication through the Sessions API: every request gets its own session
// (env.DB.withSession). Queries of a session see every write made before its bookmark, and each
// write made through it: a session is sequentially consistent wherever its reads go.
//
//   signed out                    'first-unconstrained': the nearest replica answers (public
//                                 pages are also what the edge cache holds: a few seconds of
//                                 replica lag is within what a cached copy may be anyway);
//   signed in, with a bookmark    the bookmark from the reader's last response (the d1b cookie):
//                                 a replica answers once it has caught up with everything that
//                                 reader has written or seen, so a clap, a follow, a publish
//                                 shows on the very next page;
//   signed in, without one        'first-primary' (just signed in elsewhere, cookie expired or
//                                 tampered): the primary is always up to date.
//
// A signed-in reader's response carries the session's latest bookmark back in the d1b cookie.
// A signed-out response never carries a cookie: the edge cache stores only cookie-free pages.
import type { D1Database } from '@cloudflare/workers-types';
import { httpOnlyCookie } from './cookie-attributes.ts';
import { readCookie, sessionToken } from './viewer.ts';
import { countingD1, type CountingD1 } from '../db/counting-d1.ts';
import { turnBatchingD1 } from '../db/turn-batch.ts';

export const BOOKMARK_COOKIE = 'd1b';
/** A bookmark older than this is of no use (a replica is never that far behind): let it lapse. */
export const BOOKMARK_COOKIE_MAX_AGE_SECONDS = 3600;
/** D1 bookmarks are dash-separated hex fields; anything else in the cookie is ignored. */
const BOOKMARK_PATTERN = /^[0-9a-f]{1,32}(-[0-9a-f]{1,64}){1,7}$/i;

export type ReadConstraint = 'bookmark' | 'first-primary' | 'first-unconstrained';

export interface RequestDatabase {
  /** The counted handle every query of the request runs through. */
  d1: CountingD1;
  /** Where the session started. */
  constraint: ReadConstraint;
  /** The Set-Cookie carrying the session's latest bookmark (signed-in requests only), else null. */
  bookmarkCookie(): string | null;
}

type SessionDatabase = D1Database & { getBookmark?(): string | null };

export function requestDatabase(db: D1Database, request: Request): RequestDatabase {
  const signedIn = sessionToken(request) !== null;
  const sent = signedIn ? readCookie(request.headers.get('cookie'), BOOKMARK_COOKIE) : null;
  const bookmark = sent !== null && BOOKMARK_PATTERN.test(sent) ? sent : null;
  const constraint: ReadConstraint = bookmark ? 'bookmark' : signedIn ? 'first-primary' : 'first-unconstrained';
  const session = lazySession(db, bookmark ?? constraint);
  // The reads of one turn go to the session as one batch (docs/adr/0210-reads-of-one-turn-in-one-batch.md).
  const batching = turnBatchingD1(session);
  return {
    d1: countingD1(batching.db, batching.roundTrips),
    constraint,
    bookmarkCookie() {
      if (!signedIn) return null;
      const latest = session.getBookmark?.() ?? null;
      if (latest === null || latest === sent || !BOOKMARK_PATTERN.test(latest)) return null;
      return bookmarkSetCookie(new URL(request.url), latest);
    },
  };
}

/** The d1b Set-Cookie, with every cookie's attributes (worker/session/cookie-attributes.ts). */
function bookmarkSetCookie(url: URL, bookmark: string): string {
  return httpOnlyCookie(url, BOOKMARK_COOKIE, bookmark, { maxAgeMs: BOOKMARK_COOKIE_MAX_AGE_SECONDS * 1000 });
}

/**
 * A session of the binding, opened by the first query: a request that never queries (an edge
 * cache HIT) touches no D1 at all. The binding itself where there are no sessions (a stand-in).
 */
function lazySession(db: D1Database, constraintOrBookmark: string): SessionDatabase {
  let session: SessionDatabase | null = null;
  const open = (): SessionDatabase => (session ??= typeof db.withSession === 'function' ? (db.withSession(constraintOrBookmark) as unknown as SessionDatabase) : db);
  const lazy: Pick<SessionDatabase, 'prepare' | 'batch' | 'getBookmark'> = {
    prepare: (sql) => open().prepare(sql),
    batch: (statements) => open().batch(statements),
    getBookmark: () => session?.getBookmark?.() ?? null,
  };
  return lazy as SessionDatabase;
}

/** The response with the reader's bookmark cookie added (when there is one to send). */
export function withBookmarkCookie(response: Response, database: RequestDatabase): Response {
  const cookie = database.bookmarkCookie();
  if (!cookie) return response;
  try {
    response.headers.append('set-cookie', cookie);
    return response;
  } catch {
    // Immutable headers (a fetched response): copy it.
    const copy = new Response(response.body, response);
    copy.headers.append('set-cookie', cookie);
    return copy;
  }
}
