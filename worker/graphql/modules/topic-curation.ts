// A topic's featured stories (docs/reader.md, "Topic curators"): the stories its curators chose
// on /topic/{topicSlug}/edit (worker/endpoints/topic-curators.ts), in their order, shown above the
// topic's newest stories. The read: worker/topics/topic-curation.ts.
import type { RequestContext } from '../../context/request-context.ts';
import { featuredPosts } from '../../topics/topic-curation.ts';
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
  `,
  resolvers: {
    Tag: {
      featuredPosts: (tag: TagRow, _args: unknown, ctx: RequestContext) => featuredPosts(ctx, tag),
    },
  },
};
