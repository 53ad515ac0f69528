// Replies, likes and boosts from the fediverse in GraphQL (issue 30 point 4;
// docs/adr/0204-fediverse-replies-beside-responses.md). What is stored, who sees a hidden reply
// and who may hide one are worker/responses/fediverse-responses.ts's; the counts are
// worker/federation/reaction-store.ts's (neither loads Fedify).
import type { RequestContext } from '../../context/request-context.ts';
import type { StoryNode } from '../../stories/content-gate.ts';
import { fediverseResponses, setFediverseResponseHidden, type FediverseResponse } from '../../responses/fediverse-responses.ts';
import { reactionCounts } from '../../federation/reaction-store.ts';
import type { SchemaModule } from './schema-module.ts';

export const fediverseResponsesModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "A person on another server of the fediverse (Mastodon, Misskey…): not an account here."
    type RemoteAuthor {
      "Their ActivityPub actor id (what blockFediversePerson names)."
      id: ID!
      name: String!
      "@{username}@{their server}."
      handle: String!
      "Their profile on their own server."
      url: String!
    }

    "A reply from the fediverse to a story, shown with its responses."
    type FediverseResponse {
      id: ID!
      author: RemoteAuthor!
      "Where the reply opens on its own server."
      url: String!
      "Its text as paragraphs (read from its HTML: no markup survives but emphasis and safe links)."
      paragraphs: [Paragraph!]!
      firstPublishedAt: Long!
      "Hidden from the thread by the story's writer (only the writer is shown hidden ones)."
      isHidden: Boolean!
      "The story's writer (or its publication) blocked its author (only the writer is shown such replies)."
      isAuthorBlocked: Boolean!
    }

    type Post {
      "Replies from the fediverse to this story, oldest first (at most 100); the writer also sees the ones they hid."
      fediverseResponses: [FediverseResponse!]!
    }

    type StoryStats {
      "Likes of the story from the fediverse (counted apart from claps)."
      fediverseLikes: Int!
      "Boosts (shares) of the story from the fediverse."
      fediverseBoosts: Int!
    }

    type Mutation {
      "The story's writer hides a reply from the fediverse from its thread (hidden: false shows it again). Answers the reply."
      setFediverseResponseHidden(id: ID!, hidden: Boolean!): FediverseResponse!
    }
  `,
  resolvers: {
    Post: {
      fediverseResponses: (post: StoryNode, _args: unknown, ctx: RequestContext) => fediverseResponses(ctx, post),
    },
    FediverseResponse: {
      author: (response: FediverseResponse) => ({ id: response.author.actorUri, name: response.author.name, handle: response.author.handle, url: response.author.profileUrl }),
      firstPublishedAt: (response: FediverseResponse) => response.createdAt,
      isHidden: (response: FediverseResponse) => response.hidden,
      isAuthorBlocked: (response: FediverseResponse) => response.authorBlocked,
    },
    StoryStats: {
      fediverseLikes: async (stats: { postId: string }, _args: unknown, ctx: RequestContext) => (await reactionCounts(ctx.db, stats.postId)).likes,
      fediverseBoosts: async (stats: { postId: string }, _args: unknown, ctx: RequestContext) => (await reactionCounts(ctx.db, stats.postId)).boosts,
    },
    Mutation: {
      setFediverseResponseHidden: (_root: unknown, args: { id: string; hidden: boolean }, ctx: RequestContext) => setFediverseResponseHidden(ctx, args.id, args.hidden),
    },
  },
};
