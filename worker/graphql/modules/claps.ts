// Claps (docs/product/3-routes-data-calls-constants.md §3: Post.clapCount, viewerClapCount; client
// state multiVote): a signed-in reader claps a story 1 to 50 times in all. The rules are
// worker/claps/clap.ts's. A list takes claps by the same rules (issue 27 point 6, Catalog.clappers;
// worker/claps/list-claps.ts).
import type { RequestContext } from '../../context/request-context.ts';
import type { PagingOptions } from '../../context/paging.ts';
import type { StoryNode } from '../../stories/content-gate.ts';
import { clap, clappers } from '../../claps/clap.ts';
import { clapList, listClappers, viewerListClaps } from '../../claps/list-claps.ts';
import type { CatalogRow } from '../../lists/lists.ts';
import type { SchemaModule } from './schema-module.ts';

export const clapsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "A reader's claps for a story."
    type PostClap {
      user: User!
      "The reader's claps for the story (1 to 50)."
      clapCount: Int!
    }

    type PostClapConnection {
      claps: [PostClap!]!
      pagingInfo: PagingInfo!
    }

    type Post {
      "Who clapped for the story, most recent clap first (deleted and suspended accounts left out)."
      clappersConnection(paging: PagingOptions): PostClapConnection!
    }

    "A reader's claps for a list."
    type CatalogClap {
      user: User!
      "The reader's claps for the list (1 to 50)."
      clapCount: Int!
    }

    type CatalogClapConnection {
      claps: [CatalogClap!]!
      pagingInfo: PagingInfo!
    }

    type Catalog {
      "Every reader's claps for the list, summed."
      clapCount: Int!
      "Who clapped for the list, most recent clap first (deleted and suspended accounts left out)."
      clappers(paging: PagingOptions): CatalogClapConnection!
    }

    type CatalogViewerEdge {
      "The viewer's claps for the list (0 to 50; 0 when signed out)."
      clapCount: Int!
    }

    type Mutation {
      """
      Adds numClaps (1 to 50) to the viewer's claps for a list someone else made and others can
      see; the viewer's total stays at most 50 (extra claps are dropped). Signed in only.
      Answers the list with its new clapCount and viewerEdge.clapCount.
      """
      clapCatalog(catalogId: ID!, numClaps: Int!): Catalog!
      """
      Adds numClaps (1 to 50) to the viewer's claps for a published story or response; the
      viewer's total stays at most 50 (extra claps are dropped). Signed in only; not for
      one's own story. Answers the story with its new clapCount and viewerEdge.clapCount.
      """
      clap(targetPostId: ID!, numClaps: Int!): Post!
    }
  `,
  resolvers: {
    Mutation: {
      clap: (_root: unknown, args: { targetPostId: string; numClaps: number }, ctx: RequestContext): Promise<StoryNode> => clap(ctx, args),
      clapCatalog: (_root: unknown, args: { catalogId: string; numClaps: number }, ctx: RequestContext): Promise<CatalogRow> => clapList(ctx, args),
    },
    Catalog: {
      clappers: (list: CatalogRow, args: { paging?: PagingOptions | null }, ctx: RequestContext) => listClappers(ctx, list, args.paging),
    },
    CatalogViewerEdge: {
      clapCount: (edge: { rowId: string }, _args: unknown, ctx: RequestContext) => viewerListClaps(ctx, edge.rowId),
    },
    Post: {
      clappersConnection: (post: StoryNode, args: { paging?: PagingOptions | null }, ctx: RequestContext) => clappers(ctx, post, args.paging),
    },
  },
};
