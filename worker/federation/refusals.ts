// Which remote servers Vellum will not hear from (issue 30 points 2 and 5;
// docs/adr/0206-refusing-remote-instances.md). Two kinds of instance block:
//   - staff's, for the whole site (federation_site_blocks, /_/admin/fediverse): nothing from the
//     instance reaches any inbox, and every follower from it is removed;
//   - a writer's (or a publication's), for their own actor (federation_instance_blocks, from the
//     audience page): their followers from it are removed, its Follows to them refused.
// An instance is a host name; a block covers its subdomains too, as Mastodon's domain blocks do.
// And one person: a writer's (or a publication's) block of one fediverse account
// (federation_person_blocks, from their response or the audience page;
// docs/adr/0214-blocking-a-fediverse-person.md): their follow ends, their Follows, replies, likes
// and boosts are refused, and their replies already stored are not shown to readers.
//
// isRemoteActorRefused is THE question every inbox handler asks before it acts (the inbox gate
// in inbox-gate.ts asks it for every activity before Fedify sees it; a handler that knows which
// local actor an activity is for asks it again with that actor). This module imports nothing of
// Fedify: the GraphQL side and the staff page use it without loading it.
import type { D1Database } from '@cloudflare/workers-types';

/** A host name as stored: lower-case, no port, no trailing dot. */
function normalHost(host: string): string | null {
  const lower = host.trim().toLowerCase().replace(/\.$/, '');
  return /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/.test(lower) && lower.length <= 253 ? lower : null;
}

/** The instance (host) of a remote actor's id, or null when it is not an address. */
export function instanceOf(uri: string | URL): string | null {
  try {
    return normalHost(new URL(uri).hostname);
  } catch {
    return null;
  }
}

/**
 * What a person typed to name an instance: `social.example.org`, `https://social.example.org/…`
 * or a handle `@bob@social.example.org`. null: not an instance's name.
 */
export function parseInstance(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return instanceOf(text);
  const at = text.lastIndexOf('@');
  const host = normalHost(at >= 0 ? text.slice(at + 1) : text);
  return host && host.includes('.') ? host : null;
}

/** The host and each domain above it (a.b.example → a.b.example, b.example, example): a block of any covers it. */
function hostAndParents(host: string): string[] {
  const labels = host.split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** Whether staff blocked the instance (or a domain above it) for the whole site. */
export async function isInstanceBlockedSiteWide(db: D1Database, host: string): Promise<boolean> {
  const hosts = hostAndParents(host);
  return (await db.prepare(`SELECT 1 AS blocked FROM federation_site_blocks WHERE host IN (${placeholders(hosts.length)}) LIMIT 1`).bind(...hosts).first()) !== null;
}

/**
 * Whether an activity from `actorUri` must be refused: not an address, its instance blocked by
 * staff, or — when `localActorId` names whom it is for — blocked by that writer or publication.
 * Every inbox handler asks this before storing or sending anything.
 */
export async function isRemoteActorRefused(db: D1Database, actorUri: string | URL, localActorId: string | null = null): Promise<boolean> {
  const host = instanceOf(actorUri);
  if (!host) return true;
  const hosts = hostAndParents(host);
  const list = placeholders(hosts.length);
  const row = await db
    .prepare(
      `SELECT 1 AS blocked FROM federation_site_blocks WHERE host IN (${list})
       UNION ALL SELECT 1 FROM federation_instance_blocks WHERE actor_id = ? AND host IN (${list})
       UNION ALL SELECT 1 FROM federation_person_blocks WHERE actor_id = ? AND remote_actor_uri = ? LIMIT 1`,
    )
    .bind(...hosts, localActorId ?? '', ...hosts, localActorId ?? '', String(actorUri))
    .first();
  return row !== null;
}

/**
 * Whether a reply to, or a Like or Announce of, a story must be refused: asked of the story's
 * writer (their instance blocks) and, for a story in a publication, of the publication too, as a
 * Follow of either would be. A story that does not exist refuses nothing here (the handler drops it).
 */
export async function isRemoteActorRefusedForStory(db: D1Database, actorUri: string | URL, storyId: string): Promise<boolean> {
  const story = await db.prepare('SELECT creator_id AS writerId, collection_id AS publicationId FROM posts WHERE id = ?').bind(storyId).first<{ writerId: string; publicationId: string | null }>();
  if (await isRemoteActorRefused(db, actorUri, story?.writerId ?? null)) return true;
  return story?.publicationId ? isRemoteActorRefused(db, actorUri, story.publicationId) : false;
}

/** LIKE patterns of the actor ids on an instance and its subdomains (only https ids are ever stored). */
function followerPatterns(host: string): [string, string] {
  const escaped = host.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return [`https://${escaped}/%`, `https://%.${escaped}/%`];
}

const ON_INSTANCE = "(follower_uri LIKE ? ESCAPE '\\' OR follower_uri LIKE ? ESCAPE '\\')";

/** A writer (or publication) blocks an instance: its followers from there are removed. Answers how many. */
export async function blockInstanceFor(db: D1Database, actorId: string, host: string, now: number): Promise<number> {
  const [, removed] = await db.batch([
    db.prepare('INSERT OR IGNORE INTO federation_instance_blocks (actor_id, host, created_at) VALUES (?, ?, ?)').bind(actorId, host, now),
    db.prepare(`DELETE FROM federation_followers WHERE actor_id = ? AND ${ON_INSTANCE}`).bind(actorId, ...followerPatterns(host)),
    // Follows from it held for approval go too (docs/adr/0212-approving-fediverse-followers.md).
    db.prepare(`DELETE FROM federation_follow_requests WHERE actor_id = ? AND ${ON_INSTANCE}`).bind(actorId, ...followerPatterns(host)),
  ]);
  return removed?.meta.changes ?? 0;
}

/**
 * A writer (or publication) blocks one fediverse person: the block is kept and their follow, or
 * their Follow held for approval, removed (one batch). Answers whether they were following.
 */
export async function blockPersonFor(db: D1Database, actorId: string, person: { remoteActorUri: string; handle: string }, now: number): Promise<boolean> {
  const remoteActorUri = person.remoteActorUri;
  const [, removed] = await db.batch([
    db.prepare('INSERT OR IGNORE INTO federation_person_blocks (actor_id, remote_actor_uri, handle, created_at) VALUES (?, ?, ?, ?)').bind(actorId, remoteActorUri, person.handle, now),
    db.prepare('DELETE FROM federation_followers WHERE actor_id = ? AND follower_uri = ?').bind(actorId, remoteActorUri),
    db.prepare('DELETE FROM federation_follow_requests WHERE actor_id = ? AND follower_uri = ?').bind(actorId, remoteActorUri),
    // What the writer was told of their replies goes too (docs/adr/0215-notifications-from-fediverse-people.md).
    db.prepare('DELETE FROM notifications WHERE user_id = ? AND remote_actor_uri = ?').bind(actorId, remoteActorUri),
  ]);
  return (removed?.meta.changes ?? 0) > 0;
}

export async function unblockPersonFor(db: D1Database, actorId: string, remoteActorUri: string): Promise<boolean> {
  const result = await db.prepare('DELETE FROM federation_person_blocks WHERE actor_id = ? AND remote_actor_uri = ?').bind(actorId, remoteActorUri).run();
  return (result.meta.changes ?? 0) > 0;
}

export interface PersonBlock {
  remoteActorUri: string;
  handle: string;
  createdAt: number;
}

export async function personBlocksOf(db: D1Database, actorId: string): Promise<PersonBlock[]> {
  const { results } = await db
    .prepare('SELECT remote_actor_uri AS remoteActorUri, handle, created_at AS createdAt FROM federation_person_blocks WHERE actor_id = ? ORDER BY created_at DESC, remote_actor_uri')
    .bind(actorId)
    .all<PersonBlock>();
  return results;
}

export async function unblockInstanceFor(db: D1Database, actorId: string, host: string): Promise<boolean> {
  const result = await db.prepare('DELETE FROM federation_instance_blocks WHERE actor_id = ? AND host = ?').bind(actorId, host).run();
  return (result.meta.changes ?? 0) > 0;
}

export interface InstanceBlock {
  host: string;
  createdAt: number;
}

export async function instanceBlocksOf(db: D1Database, actorId: string): Promise<InstanceBlock[]> {
  const { results } = await db.prepare('SELECT host, created_at AS createdAt FROM federation_instance_blocks WHERE actor_id = ? ORDER BY host').bind(actorId).all<InstanceBlock>();
  return results;
}

/** Staff block an instance for the whole site: every follower from it, of every actor, is removed. Answers how many. */
export async function blockInstanceSiteWide(db: D1Database, host: string, staffUserId: string, reason: string, now: number): Promise<number> {
  const [, removed] = await db.batch([
    db.prepare('INSERT INTO federation_site_blocks (host, blocked_by, reason, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (host) DO UPDATE SET reason = excluded.reason').bind(host, staffUserId, reason, now),
    db.prepare(`DELETE FROM federation_followers WHERE ${ON_INSTANCE}`).bind(...followerPatterns(host)),
    db.prepare(`DELETE FROM federation_follow_requests WHERE ${ON_INSTANCE}`).bind(...followerPatterns(host)),
  ]);
  return removed?.meta.changes ?? 0;
}

export async function unblockInstanceSiteWide(db: D1Database, host: string): Promise<boolean> {
  const result = await db.prepare('DELETE FROM federation_site_blocks WHERE host = ?').bind(host).run();
  return (result.meta.changes ?? 0) > 0;
}

export interface SiteBlock {
  host: string;
  reason: string;
  createdAt: number;
  blockedBy: string;
}

export async function siteBlocks(db: D1Database): Promise<SiteBlock[]> {
  const { results } = await db
    .prepare('SELECT b.host, b.reason, b.created_at AS createdAt, coalesce(u.username, b.blocked_by) AS blockedBy FROM federation_site_blocks b LEFT JOIN users u ON u.id = b.blocked_by ORDER BY b.host')
    .all<SiteBlock>();
  return results;
}
