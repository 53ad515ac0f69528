// Highlights and private notes in GraphQL (worker/highlights/highlights.ts holds the rules):
// the viewer's own on a story, the story's most highlighted passage, one highlight or note by
// id (a note only for its writer), a person's public highlights, and removing one's own.
// Creating one is POST /_/p/{postId}/quotes/create (worker/reader/highlight-routes.ts).
import { and, desc, eq } from 'drizzle-orm';
import { orm } from '../../db/orm.ts';
import { highlights, type HighlightRow, type UserRow } from '../../db/schema.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { signInRequired } from '../../context/errors.ts';
import { pageOf, pageRequest, type PagingOptions } from '../../context/paging.ts';
import type { PostNode } from '../../stories/content-gate.ts';
import { visiblePost } from '../../stories/story-access.ts';
import { anchored, topHighlight, viewerHighlights } from '../../highlights/highlights.ts';
import { after } from '../../db/conditions.ts';
import type { SchemaModule } from './schema-module.ts';

/** A note is its writer's alone; a highlight anyone who can read the story may see. */
function visibleTo(ctx: RequestContext, row: HighlightRow): boolean {
  return row.kind === 'HIGHLIGHT' || row.userId === ctx.viewer.user?.id;
}

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
      post: (row: HighlightRow, _args: unknown, ctx: RequestContext) => visiblePost(ctx, row.postId),
    },
    Post: {
      viewerHighlights: (post: PostNode, _args: unknown, ctx: RequestContext) => viewerHighlights(ctx, post),
      topHighlight: (post: PostNode, _args: unknown, ctx: RequestContext) => topHighlight(ctx, post),
    },
    User: {
      highlightsConnection: async (user: UserRow, args: { paging?: PagingOptions | null }, ctx: RequestContext) => {
        const request = pageRequest(args.paging);
        const rows = await orm(ctx.db)
          .select()
          .from(highlights)
          .where(and(eq(highlights.userId, user.id), eq(highlights.kind, 'HIGHLIGHT'), ...after(highlights.createdAt, highlights.id, request.after)))
          .orderBy(desc(highlights.createdAt), desc(highlights.id))
          .limit(request.limit + 1);
        const page = pageOf(rows, request, (row) => ({ sortKey: row.createdAt, id: row.id }));
        const shown = (await Promise.all(page.items.map((row) => anchored(ctx, row)))).filter((row) => row !== null);
        return { highlights: shown, pagingInfo: page.pagingInfo };
      },
    },
    Query: {
      highlight: async (_root: unknown, args: { id: string }, ctx: RequestContext) => {
        const [row] = await orm(ctx.db).select().from(highlights).where(eq(highlights.id, args.id)).limit(1);
        if (!row || !visibleTo(ctx, row)) return null;
        return anchored(ctx, row);
      },
    },
    Mutation: {
      deleteHighlight: async (_root: unknown, args: { id: string }, ctx: RequestContext) => {
        const userId = ctx.viewer.user?.id;
        if (!userId) throw signInRequired('remove a highlight');
        const removed = await orm(ctx.db)
          .delete(highlights)
          .where(and(eq(highlights.id, args.id), eq(highlights.userId, userId)))
          .returning({ id: highlights.id });
        return removed.length > 0;
      },
    },
  },
};
