// Likes and boosts of a story from the fediverse (issue 30 point 4; migrations/0098_fediverse_reactions.sql;
// docs/adr/0204-fediverse-replies-beside-responses.md): counted apart from claps, which are
// readers' of Vellum. Kept by activity id (a replayed Like stores nothing new) and one of each
// kind per person and story; an Undo removes it. This module imports nothing of Fedify: the
// writer's stats read the counts without loading it (worker/federation/reactions.ts receives them).
import type { D1Database } from '@cloudflare/workers-types';
import { blockedByStoryOwner, instanceBlockedByStoryOwner } from '../db/conditions.ts';

export type ReactionKind = 'LIKE' | 'ANNOUNCE';

export interface FediverseReactionCounts {
  likes: number;
  boosts: number;
}

/** Stores a Like or an Announce; answers whether it is new. */
export async function recordReaction(db: D1Database, reaction: { activityUri: string; postId: string; actorUri: string; kind: ReactionKind }, now = Date.now()): Promise<boolean> {
  const result = await db
    .prepare('INSERT INTO fediverse_reactions (activity_uri, post_id, actor_uri, kind, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING')
    .bind(reaction.activityUri, reaction.postId, reaction.actorUri, reaction.kind, now)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/**
 * An Undo of a Like or an Announce: the one with that id, by that actor (an Undo naming only
 * the story, as some servers send, removes that actor's reaction of the kind to the story).
 */
export async function removeReaction(db: D1Database, undo: { activityUri: string | null; actorUri: string; kind: ReactionKind; postId: string | null }): Promise<boolean> {
  const result = await db
    .prepare('DELETE FROM fediverse_reactions WHERE actor_uri = ? AND kind = ? AND (activity_uri = ? OR post_id = ?)')
    .bind(undo.actorUri, undo.kind, undo.activityUri ?? '', undo.postId ?? '')
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/** A story's likes and boosts, leaving out those of people (and instances) its writer or publication blocked. */
export async function reactionCounts(db: D1Database, postId: string): Promise<FediverseReactionCounts> {
  const row = await db
    .prepare(
      `SELECT COALESCE(SUM(r.kind = 'LIKE'), 0) AS likes, COALESCE(SUM(r.kind = 'ANNOUNCE'), 0) AS boosts
       FROM fediverse_reactions r JOIN posts p ON p.id = r.post_id
       WHERE r.post_id = ? AND NOT ${blockedByStoryOwner('r.actor_uri')} AND NOT ${instanceBlockedByStoryOwner('r.actor_uri')}`,
    )
    .bind(postId)
    .first<FediverseReactionCounts>();
  return { likes: row?.likes ?? 0, boosts: row?.boosts ?? 0 };
}
