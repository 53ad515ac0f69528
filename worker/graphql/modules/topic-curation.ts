// A topic's featured stories (docs/reader.md, "Topic curators"): the stories its curators chose
// on /topic/{topicSlug}/edit (worker/reader/topic-curator.ts), in their order, shown above the
// topic's newest stories. One statement over the primary key range of topic_featured_posts
// (at most MAX_FEATURED_STORIES rows), filtered like every public list.
import { and, asc, eq } from 'drizzle-orm';
import { orm } from '../../db/orm.ts';
import { posts, topicFeaturedPosts, users, type TagRow } from '../../db/schema.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { listedToEveryone, notBlockedWith, notMutedBy } from '../../stories/story-lists.ts';
import type { PostNode } from '../../stories/content-gate.ts';
import { viewerId } from '../../context/viewer-checks.ts';
import { primedPosts } from '../../stories/story-lists.ts';
import type { SchemaModule } from './schema-module.ts';

export async function featuredPosts(ctx: RequestContext, tag: TagRow): Promise<PostNode[]> {
  const viewer = viewerId(ctx);
  const rows = await orm(ctx.db)
    .select({ post: posts, creator: users })
    .from(topicFeaturedPosts)
    .innerJoin(posts, eq(posts.id, topicFeaturedPosts.postId))
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(and(eq(topicFeaturedPosts.tagSlug, tag.slug), ...listedToEveryone(), ...(viewer ? [...notMutedBy(ctx, viewer), ...notBlockedWith(ctx, viewer)] : [])))
    .orderBy(asc(topicFeaturedPosts.position));
  return primedPosts(ctx, { items: rows, pagingInfo: { next: null } }).items;
}

export const topicCurationModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type Tag {
      """
      The stories the topic's curators feature, in their order (at most 10; hidden, muted and
      blocked stories left out).
      """
      featuredPosts: [Post!]!
    }
  `,
  resolvers: {
    Tag: {
      featuredPosts: (tag: TagRow, _args: unknown, ctx: RequestContext) => featuredPosts(ctx, tag),
    },
  },
};
