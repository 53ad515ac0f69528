// The author's story details (page post-info at /p/{postId}/info and /info/{order}/{filter};
// docs/reader.md "Story details"): the story's direct responses as its author sees them, the
// ones they hid included (worker/responses/author-responses.ts).
import type { RequestContext } from '../../context/request-context.ts';
import type { StoryNode } from '../../stories/content-gate.ts';
import { authorResponses } from '../../responses/author-responses.ts';
import type { SchemaModule } from './schema-module.ts';

export const storyInfoModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "A direct response as its story's author sees it on the story details page."
    type AuthorResponse {
      post: Post!
      "Hidden by the author: the thread does not show it."
      hidden: Boolean!
    }
    type Post {
      "Author only (null for anyone else): the direct responses, hidden ones included, at most 100. order: newest | oldest; filter: all | shown | hidden."
      authorResponses(order: String = "newest", filter: String = "all"): [AuthorResponse!]
    }
  `,
  resolvers: {
    Post: {
      authorResponses: (post: StoryNode, args: { order?: string | null; filter?: string | null }, ctx: RequestContext) => authorResponses(ctx, post, args),
    },
  },
};
