// Highlights and private notes in GraphQL (worker/highlights/highlights.ts holds the rules):
// the viewer's own on a story, the story's most highlighted passage, one highlight or note by
// id (a note only for its writer), a person's public highlights, and removing one's own.
// Creating one is POST /_/p/{postId}/quotes/create (worker/endpoints/highlights.ts).
import type { RequestContext } from '../../context/request-context.ts';
import type { PagingOptions } from '../../context/paging.ts';
import type { StoryNode } from '../../stories/content-gate.ts';
import { visibleStory } from '../../stories/story-access.ts';
import { deleteHighlight, highlightById, highlightsOf, topHighlight, viewerHighlights } from '../../highlights/highlights.ts';
import type { SchemaModule } from './schema-module.ts';

export const highlightsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    enum HighlightKind {
      HIGHLIGHT
      NOTE
    }

    "A passage of one paragraph a reader highlighted, or wrote a private note on."
    type Highlight {
      id: ID!
      kind: HighlightKind!
      post: Post
      "The paragraph's stable name."
      paragraphName: String!
      "Where the passage is in the paragraph's text now (UTF-16 offsets)."
      startOffset: Int!
      endOffset: Int!
      quote: String!
      "The note's words (NOTE only)."
      note: String
      createdAt: Long!
    }

    "The passage most readers highlighted."
    type TopHighlight {
      paragraphName: String!
      startOffset: Int!
      endOffset: Int!
      quote: String!
      count: Int!
    }

    type HighlightConnection {
      highlights: [Highlight!]!
      pagingInfo: PagingInfo!
    }

    type Post {
      "The viewer's own highlights and notes on this story, in reading order (empty logged out)."
      viewerHighlights: [Highlight!]!
      "The passage most highlighted by readers, or null."
      topHighlight: TopHighlight
    }

    type User {
      "This person's highlights (never their notes), newest first; passages since edited away are left out."
      highlightsConnection(paging: PagingOptions): HighlightConnection!
    }

    type Query {
      "A highlight, or a note for its writer; null when unknown, private or its passage is gone."
      highlight(id: ID!): Highlight
    }

    type Mutation {
      "Removes one of the viewer's own highlights or notes; false when there was none."
      deleteHighlight(id: ID!): Boolean!
    }
  `,
  resolvers: {
    Highlight: {
      post: (row: { postId: string }, _args: unknown, ctx: RequestContext) => visibleStory(ctx, row.postId),
    },
    Post: {
      viewerHighlights: (post: StoryNode, _args: unknown, ctx: RequestContext) => viewerHighlights(ctx, post),
      topHighlight: (post: StoryNode, _args: unknown, ctx: RequestContext) => topHighlight(ctx, post),
    },
    User: {
      highlightsConnection: async (user: { id: string }, args: { paging?: PagingOptions | null }, ctx: RequestContext) => {
        const page = await highlightsOf(ctx, user.id, args.paging);
        return { highlights: page.items, pagingInfo: page.pagingInfo };
      },
    },
    Query: {
      highlight: (_root: unknown, args: { id: string }, ctx: RequestContext) => highlightById(ctx, args.id),
    },
    Mutation: {
      deleteHighlight: (_root: unknown, args: { id: string }, ctx: RequestContext) => deleteHighlight(ctx, args.id),
    },
  },
};
