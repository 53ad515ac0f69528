// Fediverse accounts following a writer or a publication (migrations/0079_federation.sql), and
// the Follows held for the writer's approval (migrations/0103_fediverse_follow_requests.sql;
// docs/adr/0212-approving-fediverse-followers.md). The two tables have the same columns: one set
// of functions (add, remove, read one, page newest first) serves both, named by FollowerList.
import type { D1Database } from '@cloudflare/workers-types';

/** Where a fediverse account is kept: among the actor's followers, or among the Follows held for approval. */
export type FollowerList = 'followers' | 'requests';
const TABLE: Record<FollowerList, string> = { followers: 'federation_followers', requests: 'federation_follow_requests' };

export interface RemoteFollower {
  followerUri: string;
  inbox: string;
  sharedInbox: string | null;
}

/** Followers collection pages: as Mastodon pages its own (40 a page). */
export const FOLLOWERS_PAGE_SIZE = 40;

/** Keeps a follower, or holds a Follow for approval (a repeated Follow replaces the one kept). */
export async function addFollower(
  db: D1Database,
  list: FollowerList,
  actorId: string,
  follower: RemoteFollower & { followUri: string | null; handle?: string | null },
  now = Date.now(),
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO ${TABLE[list]} (actor_id, follower_uri, inbox, shared_inbox, follow_uri, handle, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (actor_id, follower_uri) DO UPDATE SET inbox = excluded.inbox, shared_inbox = excluded.shared_inbox, follow_uri = excluded.follow_uri, handle = excluded.handle`,
    )
    .bind(actorId, follower.followerUri, follower.inbox, follower.sharedInbox, follower.followUri, follower.handle ?? null, now)
    .run();
}

/** Removes a follower (or a held Follow); answers whether there was one. */
export async function removeFollower(db: D1Database, list: FollowerList, actorId: string, followerUri: string): Promise<boolean> {
  const result = await db.prepare(`DELETE FROM ${TABLE[list]} WHERE actor_id = ? AND follower_uri = ?`).bind(actorId, followerUri).run();
  return (result.meta.changes ?? 0) > 0;
}

export async function countFollowers(db: D1Database, actorId: string): Promise<number> {
  return (await db.prepare('SELECT COUNT(*) AS n FROM federation_followers WHERE actor_id = ?').bind(actorId).first<{ n: number }>())?.n ?? 0;
}

/** A page's cursor: where the previous page ended ("" for the first page). */
function parseCursor(cursor: string): { createdAt: number; uri: string } {
  const at = cursor.indexOf('~');
  if (at < 0) return { createdAt: -1, uri: '' };
  const createdAt = Number(cursor.slice(0, at));
  return Number.isFinite(createdAt) ? { createdAt, uri: cursor.slice(at + 1) } : { createdAt: -1, uri: '' };
}

/** One page of followers, oldest first, and the next page's cursor (null: the last page). */
export async function followersPage(db: D1Database, actorId: string, cursor: string, size = FOLLOWERS_PAGE_SIZE): Promise<{ followers: RemoteFollower[]; nextCursor: string | null }> {
  const after = parseCursor(cursor);
  const { results } = await db
    .prepare(
      `SELECT follower_uri AS followerUri, inbox, shared_inbox AS sharedInbox, created_at AS createdAt FROM federation_followers
       WHERE actor_id = ? AND (created_at, follower_uri) > (?, ?) ORDER BY created_at, follower_uri LIMIT ?`,
    )
    .bind(actorId, after.createdAt, after.uri, size + 1)
    .all<RemoteFollower & { createdAt: number }>();
  const page = results.slice(0, size);
  const last = page[page.length - 1];
  return {
    followers: page.map(({ followerUri, inbox, sharedInbox }) => ({ followerUri, inbox, sharedInbox })),
    nextCursor: results.length > size && last ? `${last.createdAt}~${last.followerUri}` : null,
  };
}

/** A fediverse follower as the writer's audience page lists them (docs/adr/0207-fediverse-followers-in-the-audience.md). */
export interface AudienceFollower {
  followerUri: string;
  /** The actor's preferredUsername, or null when it named none. */
  handle: string | null;
  inbox: string;
  sharedInbox: string | null;
  followUri: string | null;
  createdAt: number;
}

const AUDIENCE_COLUMNS = 'follower_uri AS followerUri, handle, inbox, shared_inbox AS sharedInbox, follow_uri AS followUri, created_at AS createdAt';

/** One page of the audience list (followers or held Follows), newest first; the cursor is where the previous page ended ("" for the first). */
export async function newestFollowersPage(db: D1Database, list: FollowerList, actorId: string, cursor: string, size: number): Promise<{ followers: AudienceFollower[]; nextCursor: string | null }> {
  const before = parseCursor(cursor);
  const { results } = await db
    .prepare(
      `SELECT ${AUDIENCE_COLUMNS} FROM ${TABLE[list]}
       WHERE actor_id = ? AND (? < 0 OR (created_at, follower_uri) < (?, ?)) ORDER BY created_at DESC, follower_uri DESC LIMIT ?`,
    )
    .bind(actorId, before.createdAt, before.createdAt, before.uri, size + 1)
    .all<AudienceFollower>();
  const page = results.slice(0, size);
  const last = page[page.length - 1];
  return { followers: page, nextCursor: results.length > size && last ? `${last.createdAt}~${last.followerUri}` : null };
}

export async function followerOf(db: D1Database, list: FollowerList, actorId: string, followerUri: string): Promise<AudienceFollower | null> {
  return db.prepare(`SELECT ${AUDIENCE_COLUMNS} FROM ${TABLE[list]} WHERE actor_id = ? AND follower_uri = ?`).bind(actorId, followerUri).first<AudienceFollower>();
}

/** Whether the actor approves its fediverse followers one by one (off unless the writer turned it on). */
export async function approvesFollowers(db: D1Database, actorId: string): Promise<boolean> {
  return (await db.prepare('SELECT approves_followers AS on_ FROM federation_actor_settings WHERE actor_id = ?').bind(actorId).first<{ on_: number }>())?.on_ === 1;
}

export async function setApprovesFollowers(db: D1Database, actorId: string, approves: boolean, now: number): Promise<void> {
  await db
    .prepare('INSERT INTO federation_actor_settings (actor_id, approves_followers, updated_at) VALUES (?, ?, ?) ON CONFLICT (actor_id) DO UPDATE SET approves_followers = excluded.approves_followers, updated_at = excluded.updated_at')
    .bind(actorId, approves ? 1 : 0, now)
    .run();
}

/** An approved request becomes a follower, as it was held (one batch: never both, never neither). */
export async function approveFollowRequest(db: D1Database, actorId: string, followerUri: string, now = Date.now()): Promise<boolean> {
  const [moved] = await db.batch([
    db
      .prepare(
        `INSERT INTO federation_followers (actor_id, follower_uri, inbox, shared_inbox, follow_uri, handle, created_at)
         SELECT actor_id, follower_uri, inbox, shared_inbox, follow_uri, handle, ? FROM federation_follow_requests WHERE actor_id = ? AND follower_uri = ?
         ON CONFLICT (actor_id, follower_uri) DO UPDATE SET inbox = excluded.inbox, shared_inbox = excluded.shared_inbox, follow_uri = excluded.follow_uri, handle = excluded.handle`,
      )
      .bind(now, actorId, followerUri),
    db.prepare('DELETE FROM federation_follow_requests WHERE actor_id = ? AND follower_uri = ?').bind(actorId, followerUri),
  ]);
  return (moved?.meta.changes ?? 0) > 0;
}

/** Delivery inboxes a page: a story to 10,000 followers on 500 instances is 5 pages (docs/adr/0211-federation-fan-out-in-bounded-batches.md). */
export const DELIVERY_PAGE_SIZE = 100;

/** One delivery of a story: a shared inbox, standing for every follower behind it, or a follower's own inbox. */
export interface DeliveryInbox {
  inbox: string;
  /** Whether `inbox` is a server's shared inbox. */
  shared: boolean;
  /** One follower behind it (Fedify names each recipient by an actor). */
  followerUri: string;
}

/**
 * One page of an actor's distinct delivery inboxes in address order, after `after` ("" for the
 * first page); nextAfter is null on the last page. A page never grows with the followers behind
 * an inbox: a thousand followers on one server are one row.
 */
export async function deliveryInboxesPage(db: D1Database, actorId: string, after: string, size = DELIVERY_PAGE_SIZE): Promise<{ inboxes: DeliveryInbox[]; nextAfter: string | null }> {
  const { results } = await db
    .prepare(
      `SELECT COALESCE(shared_inbox, inbox) AS inbox, MAX(shared_inbox IS NOT NULL) AS shared, MIN(follower_uri) AS followerUri FROM federation_followers
       WHERE actor_id = ? AND COALESCE(shared_inbox, inbox) > ? GROUP BY COALESCE(shared_inbox, inbox) ORDER BY 1 LIMIT ?`,
    )
    .bind(actorId, after, size + 1)
    .all<{ inbox: string; shared: number; followerUri: string }>();
  const page = results.slice(0, size);
  return {
    inboxes: page.map((row) => ({ inbox: row.inbox, shared: row.shared === 1, followerUri: row.followerUri })),
    nextAfter: results.length > size && page.length > 0 ? page[page.length - 1]!.inbox : null,
  };
}
