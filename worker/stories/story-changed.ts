// The one door every change to a story goes through after its write (publish, republish,
// unpublish, settings, submissions, title edits, delete and restore): whatever a story change
// must update beyond its own row is recorded here, so no write forgets one.
//
// The search records: the story, its topics and its writer are refreshed before the write
// answers, so the next search sees the change (docs/search.md, "Indexing on write"); a draft
// save changes nothing a search shows, so it records none.
//
// The pages: every page that shows the story (its addresses, its writer's profile, its
// publication, its topics, home, trending and top stories) is purged before the write answers
// (docs/product/2-sign-in-notices-cache-routing.md §4.7), including the topics and publication
// it had BEFORE the change, so a story leaving a topic also leaves that topic's cached page.
// worker/consequences/ turns what is recorded here into purges and search refreshes.
import type { PageSubject, RecordSubject } from '../context/changes.ts';
import type { RequestContext } from '../context/request-context.ts';
import type { StoryNode } from './content-gate.ts';

/** Every page that shows a story: its own, its writer's, its publication's, its topics', home, trending and top stories. */
export async function storyPages(ctx: RequestContext, post: Pick<StoryNode, 'id' | 'creatorId' | 'collectionId'>): Promise<PageSubject[]> {
  const pages: PageSubject[] = [{ kind: 'story', id: post.id }, { kind: 'profile', id: post.creatorId }, { kind: 'home' }, { kind: 'discovery' }];
  if (post.collectionId) pages.push({ kind: 'publication', id: post.collectionId });
  for (const tag of await ctx.loaders.tagsByPostId.load(post.id)) pages.push({ kind: 'topic', slug: tag.slug });
  return pages;
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
  const post: StoryNode | null = await ctx.loaders.postById.load(postId);
  if (!post) return;
  const records: RecordSubject[] = [];
  if (facts.change !== 'saved') {
    records.push({ kind: 'story', id: postId });
    // A topic the story left has one story fewer (a topic with none leaves search).
    for (const slug of facts.previousTagSlugs ?? []) records.push({ kind: 'topic', slug });
  }
  const pages = await storyPages(ctx, post);
  for (const slug of facts.previousTagSlugs ?? []) pages.push({ kind: 'topic', slug });
  if (facts.previousCollectionId) pages.push({ kind: 'publication', id: facts.previousCollectionId });
  // Anything but a draft save may change what the fediverse was sent (a Create, an Update, a Delete).
  const federated = facts.change === 'saved' ? [] : [{ kind: 'story' as const, id: postId }];
  await ctx.changes.record({ pages, records, federated });
}
