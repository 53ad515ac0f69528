// Stories pinned to a publication's homepage (docs/product/2-sign-in-notices-cache-routing.md §4.4
// POST_PINNED_TO_COLLECTION_HOMEPAGE "Pinned or unpinned on a collection homepage"; §8
// MaxPinnedStoriesReached; §9 "Pinned stories maximum: value not shown" — ours is
// MAX_PINNED_STORIES). An editor pins one of the publication's published stories; the home
// lists pinned stories first, most recently pinned first (migrations/0090_publication_pins.sql).
import { and, count, desc, eq } from 'drizzle-orm';
import type { RequestContext } from '../context/request-context.ts';
import { signInRequired } from '../context/errors.ts';
import { viewerId } from '../context/viewer-checks.ts';
import { orm } from '../db/orm.ts';
import { posts, publicationPins, users, type CollectionRow } from '../db/schema.ts';
import type { StoryNode } from '../stories/content-gate.ts';
import { listedToEveryone, primedStories } from '../stories/story-lists.ts';
import { isEditorOf } from './members.ts';

/** Pinned stories per publication. */
export const MAX_PINNED_STORIES = 3;

export interface PinRefusal {
  readonly __typename: 'NotFound' | 'Forbidden' | 'MaxPinnedStoriesReached';
  readonly message: string;
}

export interface PinState {
  collectionId: string;
  postId: string;
  isPinned: boolean;
}

const refusal = (__typename: PinRefusal['__typename'], message: string): PinRefusal => ({ __typename, message });

/** Pins (on) or unpins (off) one of the publication's stories; editors only. Idempotent. */
export async function setStoryPinned(ctx: RequestContext, collectionId: string, postId: string, on: boolean): Promise<PinState | PinRefusal> {
  const viewer = viewerId(ctx);
  if (!viewer) throw signInRequired('pin stories');
  const collection = await ctx.loaders.collectionById.load(collectionId);
  if (!collection) return refusal('NotFound', 'This publication does not exist.');
  if (!(await isEditorOf(ctx, collection.id))) return refusal('Forbidden', `Only the editors of ${collection.name} can pin stories to its homepage.`);
  const q = orm(ctx.db);
  const where = and(eq(publicationPins.collectionId, collection.id), eq(publicationPins.postId, postId));
  if (on) {
    const [story] = await q
      .select({ id: posts.id })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.creatorId))
      .where(and(eq(posts.id, postId), eq(posts.collectionId, collection.id), ...listedToEveryone()));
    if (!story) return refusal('NotFound', `This story is not published in ${collection.name}.`);
    const [already] = await q.select({ postId: publicationPins.postId }).from(publicationPins).where(where);
    if (!already) {
      const [pinned] = await q.select({ n: count() }).from(publicationPins).where(eq(publicationPins.collectionId, collection.id));
      if ((pinned?.n ?? 0) >= MAX_PINNED_STORIES) {
        return refusal('MaxPinnedStoriesReached', `A publication can pin at most ${MAX_PINNED_STORIES} stories to its homepage. Unpin one first.`);
      }
      await q.insert(publicationPins).values({ collectionId: collection.id, postId, pinnedBy: viewer, pinnedAt: ctx.now }).onConflictDoNothing();
    }
  } else {
    await q.delete(publicationPins).where(where);
  }
  // The homepage lists the pins first: its cached copies go.
  await ctx.changes.record({ pages: [{ kind: 'publication', id: collection.id }] });
  return { collectionId: collection.id, postId, isPinned: on };
}

/** The publication's pinned stories that any list may hold, most recently pinned first. */
export async function pinnedStories(ctx: RequestContext, collection: CollectionRow): Promise<StoryNode[]> {
  const rows = await orm(ctx.db)
    .select({ post: posts, creator: users })
    .from(publicationPins)
    .innerJoin(posts, eq(posts.id, publicationPins.postId))
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(and(eq(publicationPins.collectionId, collection.id), eq(posts.collectionId, collection.id), ...listedToEveryone()))
    .orderBy(desc(publicationPins.pinnedAt), desc(posts.id))
    .limit(MAX_PINNED_STORIES);
  return primedStories(ctx, { items: rows, pagingInfo: { next: null } }).items;
}
