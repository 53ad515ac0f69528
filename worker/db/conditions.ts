// Query conditions every list shares: keyset paging's "after the cursor", which accounts a list
// of people shows, and whose fediverse replies and reactions a story's thread and counts leave out.
import { and, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { users } from './schema.ts';

/** Rows after the cursor of a list ordered by (sortKey DESC, id DESC). */
export function after(sortKey: SQLiteColumn, id: SQLiteColumn, cursor: { sortKey: number; id: string } | null): SQL[] {
  if (!cursor) return [];
  return [or(lt(sortKey, cursor.sortKey), and(eq(sortKey, cursor.sortKey), lt(id, cursor.id)))!];
}

/** People shown in a list of people: accounts neither deleted nor suspended. */
export const activeAccount = (): SQL[] => [isNull(users.deletedAt), eq(users.isSuspended, false)];

/** Raw SQL: the host of the https actor id in `actorUriColumn` (only https ids are ever stored), without a port. */
const hostOf = (actorUriColumn: string): string => {
  const authority = `substr(${actorUriColumn}, 9, instr(substr(${actorUriColumn}, 9) || '/', '/') - 1)`;
  return `substr(${authority}, 1, instr(${authority} || ':', ':') - 1)`;
};

/** The story's writer and its publication, in a query that has the story as `p` (a posts row). */
const STORY_OWNERS = `(p.creator_id, coalesce(p.collection_id, ''))`;

/**
 * Raw SQL for a query that has the story as `p`: the story's writer or its publication blocked
 * the fediverse person whose actor id is in `actorUriColumn` (federation_person_blocks;
 * docs/adr/0214-blocking-a-fediverse-person.md). Their replies leave the readers' thread and their
 * likes and boosts the counts, those stored before the block included; an unblock brings both back.
 */
export const blockedByStoryOwner = (actorUriColumn: string): string =>
  `EXISTS (SELECT 1 FROM federation_person_blocks pb WHERE pb.remote_actor_uri = ${actorUriColumn} AND pb.actor_id IN ${STORY_OWNERS})`;

/**
 * Raw SQL for a query that has the story as `p`: the story's writer or its publication blocked
 * the instance of the actor id in `actorUriColumn`, or a domain above it (federation_instance_blocks,
 * matched as worker/federation/refusals.ts matches it). Its people's replies leave the thread —
 * the writer's view too: an instance is unblocked from the audience page, not from a reply — and
 * their likes and boosts the counts, those stored before the block included; an unblock brings both back.
 */
export const instanceBlockedByStoryOwner = (actorUriColumn: string): string => {
  const host = hostOf(actorUriColumn);
  return (
    `EXISTS (SELECT 1 FROM federation_instance_blocks ib WHERE ib.actor_id IN ${STORY_OWNERS}` +
    ` AND (${host} = ib.host OR substr(${host}, -length(ib.host) - 1) = '.' || ib.host))`
  );
};
