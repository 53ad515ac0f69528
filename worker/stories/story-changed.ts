// The one door every change to a story goes through after its write (publish, republish,
// unpublish, settings, submissions, title edits, delete and restore): whatever a story change
// must update beyond its own row happens here, so no write forgets one.
//
// The search index: the story, its topics and its writer are reindexed before the write
// answers, so the next search sees the change (docs/search.md, "Indexing on write"); a draft
// save changes nothing a search shows, so it skips this.
//
// The edge cache: every page that shows the story (its addresses, its writer's profile,
// its publication, its topics, home) is purged before the write answers
// (docs/product/2-sign-in-notices-cache-routing.md §4.7), including the topics and publication
// it had BEFORE the change, so a story leaving a topic also leaves that topic's cached page.
import { purgeTags } from '../cache/purge.ts';
import { collectionTag, DISCOVERY_TAG, HOME_TAG, postTag, topicTag, userTag } from '../cache/tags.ts';
import type { RequestContext } from '../context/request-context.ts';
import type { PostNode } from './content-gate.ts';
import { reindexPost, reindexTag } from '../search/indexing.ts';

/** Every cache tag of pages that show a story: its own, its writer's, its publication's, its topics', home, trending and top stories. */
export async function storyCacheTags(context: RequestContext, post: Pick<PostNode, 'id' | 'creatorId' | 'collectionId'>): Promise<string[]> {
  const tags = [postTag(post.id), userTag(post.creatorId), HOME_TAG, DISCOVERY_TAG];
  if (post.collectionId) tags.push(collectionTag(post.collectionId));
  for (const tag of await context.loaders.tagsByPostId.load(post.id)) tags.push(topicTag(tag.slug));
  return tags;
}

export type StoryChange = 'saved' | 'edited' | 'published' | 'republished' | 'unpublished' | 'settings' | 'deleted' | 'restored';

export interface StoryChangedFacts {
  change: StoryChange;
  /** Topic slugs the story had before the change (when they may have changed). */
  previousTagSlugs?: readonly string[];
  /** The publication it belonged to before the change. */
  previousCollectionId?: string | null;
}

export async function storyChanged(ctx: RequestContext, postId: string, facts: StoryChangedFacts): Promise<void> {
  ctx.loaders.postById.clear(postId);
  ctx.loaders.tagsByPostId.clear(postId);
  const post: PostNode | null = await ctx.loaders.postById.load(postId);
  if (!post) return;
  if (facts.change !== 'saved') {
    await reindexPost(ctx.env, postId);
    // A topic the story left has one story fewer (a topic with none leaves search).
    for (const slug of facts.previousTagSlugs ?? []) await reindexTag(ctx.env, slug);
  }
  const tags = await storyCacheTags(ctx, post);
  for (const slug of facts.previousTagSlugs ?? []) tags.push(topicTag(slug));
  if (facts.previousCollectionId) tags.push(collectionTag(facts.previousCollectionId));
  await purgeTags(ctx.env, tags);
}
