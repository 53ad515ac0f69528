// Who is an actor (docs/adr/0175-fedify-for-activitypub.md): every writer who is neither
// suspended nor deleted, and every publication. An actor's identifier is its user id or its
// collection id: stable across a renamed username or slug, as actor ids must be.
//
// Handles (@{name}@{host}): on the main host a writer is @{username} and a publication
// @{slug} (a username wins over an equal slug); on a writer's own host (custom domain or
// username subdomain) and on a publication's own domain, only that host's owner has a handle.
import type { D1Database } from '@cloudflare/workers-types';
import type { HostContext } from '../host/resolve-host.ts';

export type LocalActor =
  | { kind: 'writer'; id: string; handle: string; name: string; summary: string; imageId: string | null }
  | { kind: 'publication'; id: string; handle: string; name: string; summary: string; imageId: string | null };

const WRITER_SQL = 'SELECT id, username AS handle, name, bio AS summary, image_id AS imageId FROM users WHERE is_suspended = 0 AND deleted_at IS NULL';
const PUBLICATION_SQL = 'SELECT id, slug AS handle, name, description AS summary, avatar_id AS imageId FROM collections';

type ActorRow = Omit<LocalActor, 'kind'>;

export async function actorById(db: D1Database, id: string): Promise<LocalActor | null> {
  const writer = await db.prepare(`${WRITER_SQL} AND id = ?`).bind(id).first<ActorRow>();
  if (writer) return { kind: 'writer', ...writer };
  const publication = await db.prepare(`${PUBLICATION_SQL} WHERE id = ?`).bind(id).first<ActorRow>();
  return publication ? { kind: 'publication', ...publication } : null;
}

/** A handle's name part is a username or a slug: nothing else is ever looked up. */
const HANDLE = /^[A-Za-z0-9_.-]{1,64}$/;

async function writerIdByUsername(db: D1Database, username: string): Promise<string | null> {
  return (await db.prepare(`${WRITER_SQL} AND username = ?`).bind(username).first<ActorRow>())?.id ?? null;
}

async function publicationIdBySlug(db: D1Database, slug: string): Promise<string | null> {
  return (await db.prepare(`${PUBLICATION_SQL} WHERE slug = ?`).bind(slug).first<ActorRow>())?.id ?? null;
}

/** The actor a handle names on this host, or null. */
export async function actorIdForHandle(db: D1Database, host: HostContext, name: string): Promise<string | null> {
  if (!HANDLE.test(name)) return null;
  const lower = name.toLowerCase();
  if (host.kind === 'user') return host.username.toLowerCase() === lower ? ((await actorById(db, host.userId))?.kind === 'writer' ? host.userId : null) : null;
  if (host.kind === 'collection') return host.collectionSlug.toLowerCase() === lower ? host.collectionId : null;
  return (await writerIdByUsername(db, name)) ?? (await publicationIdBySlug(db, name));
}

/**
 * The actor whose profile page is at `path` on this host (the address a person shares, which
 * answers an ActivityPub client with the actor document), or null for any other path.
 */
export async function actorIdForProfilePath(db: D1Database, host: HostContext, path: string): Promise<string | null> {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (host.kind === 'user') return trimmed === '/' ? host.userId : null;
  if (host.kind === 'collection') return trimmed === '/' ? host.collectionId : null;
  const writer = /^\/@([^/]+)$/.exec(trimmed);
  if (writer) return HANDLE.test(writer[1]!) ? writerIdByUsername(db, writer[1]!) : null;
  const publication = /^\/([^/@][^/]*)$/.exec(trimmed);
  return publication && HANDLE.test(publication[1]!) ? publicationIdBySlug(db, publication[1]!) : null;
}

/** The profile page's path on this host. */
export function profilePath(host: HostContext, actor: LocalActor): string {
  if (host.kind !== 'default') return '/';
  return actor.kind === 'writer' ? `/@${actor.handle}` : `/${actor.handle}`;
}
