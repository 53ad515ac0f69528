// Likes and boosts from the fediverse (issue 30 point 4; docs/adr/0204-fediverse-replies-beside-responses.md):
// the inbox listeners for Like and Announce of a federated story, and the Undo of either.
// Fedify has verified the signature and that its key is the activity's actor's before these run.
// They are counted apart from claps (reaction-store.ts); the object is read by id, never fetched.
import type { InboxContext } from '@fedify/fedify';
import { Announce, Like, type Undo } from '@fedify/fedify/vocab';
import { logEvent } from '../lib/log-context.ts';
import type { FederationData } from './federation.ts';
import { recordReaction, removeReaction, type ReactionKind } from './reaction-store.ts';
import { storyIdOfAddress } from './story-address.ts';
import { isRemoteActorRefusedForStory } from './refusals.ts';

type Ctx = InboxContext<FederationData>;

/** The published, federated story the object names, or null. */
async function reactedStory(ctx: Ctx, object: URL | null): Promise<string | null> {
  if (!object) return null;
  const id = await storyIdOfAddress(ctx.data.env, object);
  if (!id) return null;
  const row = await ctx.data.env.DB.prepare(
    "SELECT id FROM posts WHERE id = ? AND status = 'PUBLISHED' AND visibility IN ('PUBLIC', 'LOCKED') AND is_suspended = 0 AND deleted_at IS NULL AND in_response_to_post_id IS NULL",
  )
    .bind(id)
    .first<{ id: string }>();
  return row?.id ?? null;
}

async function onReaction(ctx: Ctx, activity: Like | Announce, kind: ReactionKind): Promise<void> {
  if (!activity.id || !activity.actorId) return;
  const postId = await reactedStory(ctx, activity.objectId);
  if (!postId) return;
  // The writer's (or the publication's) instance blocks refuse likes and boosts too (refusals.ts).
  if (await isRemoteActorRefusedForStory(ctx.data.env.DB, activity.actorId, postId)) return;
  if (await recordReaction(ctx.data.env.DB, { activityUri: activity.id.href, postId, actorUri: activity.actorId.href, kind })) {
    logEvent({ event: 'federation_reaction', post: postId, kind, actor: activity.actorId.href });
  }
}

export const onLike = (ctx: Ctx, like: Like) => onReaction(ctx, like, 'LIKE');
export const onAnnounce = (ctx: Ctx, announce: Announce) => onReaction(ctx, announce, 'ANNOUNCE');

/** Whether `object` (an Undo's) is a reaction this module takes back. */
export function isReaction(object: unknown): object is Like | Announce {
  return object instanceof Like || object instanceof Announce;
}

/** The Undo of a Like or an Announce by the actor who made it. */
export async function undoReaction(ctx: Ctx, undo: Undo, reaction: Like | Announce): Promise<void> {
  if (!undo.actorId || (reaction.actorId && reaction.actorId.href !== undo.actorId.href)) return;
  const kind: ReactionKind = reaction instanceof Like ? 'LIKE' : 'ANNOUNCE';
  const postId = reaction.objectId ? await storyIdOfAddress(ctx.data.env, reaction.objectId) : null;
  if (await removeReaction(ctx.data.env.DB, { activityUri: reaction.id?.href ?? null, actorUri: undo.actorId.href, kind, postId })) {
    logEvent({ event: 'federation_reaction_undone', kind, actor: undo.actorId.href });
  }
}
