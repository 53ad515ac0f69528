// A topic's featured stories (docs/reader.md, "Topic curators"): the stories its curators chose
// on /topic/{topicSlug}/edit (worker/endpoints/topic-curators.ts), in their order, shown above the
// topic's newest stories. The read: worker/topics/topic-curation.ts.
import type { RequestContext } from '../../context/request-context.ts';
import { featuredPosts } from '../../topics/topic-curation.ts';
import { curationStatuses, layerCakeOf, viewerCurationStatus } from '../../topics/curation-status.ts';
import type { StoryNode } from '../../stories/content-gate.ts';
import type { TagRow } from '../../topics/topic-stories.ts';
import type { SchemaModule } from './schema-module.ts';

export const topicCurationModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type Tag {
      """
      The stories the topic's curators feature, in their order (at most 10; hidden, muted and
      blocked stories left out).
      """
      featuredPosts: [Post!]!
    }

    "Curation status (docs/product/3-routes-data-calls-constants.md §4; docs/reader.md, Curation status)."
    enum CurationStatus {
      NOT_REVIEWED
      PENDING
      DISTRIBUTED
      NOT_DISTRIBUTED
      DISABLED
    }

    type Post {
      "Staff and the curators of one of the story's topics only (null for anyone else): how curation treats it."
      curationStatus: CurationStatus
      "Layers of distribution beyond the writer's own pages and followers: 0 none, 1 featured in its topics, 2 also a staff pick."
      layerCake: Int!
    }
  `,
  resolvers: {
    Tag: {
      featuredPosts: (tag: TagRow, _args: unknown, ctx: RequestContext) => featuredPosts(ctx, tag),
    },
    Post: {
      curationStatus: (post: StoryNode, _args: unknown, ctx: RequestContext) => viewerCurationStatus(ctx.db, ctx.viewer, post.id),
      layerCake: async (post: StoryNode, _args: unknown, ctx: RequestContext) => layerCakeOf((await curationStatuses(ctx.db, [post.id])).get(post.id), post.id, ctx.env.STAFF_PICKS),
    },
  },
};
