// Responses in GraphQL (docs/product/2-sign-in-notices-cache-routing.md §3 (Post): responsesCount,
// postResponses.count, threadedPostResponses; §4.4 (HIDE_POST_RESPONSE); §8). What a thread
// shows, who may respond or hide a response, and what closes discussion are
// worker/responses/responses.ts's.
import type { GraphQLResolveInfo } from 'graphql';
import type { RequestContext } from '../../context/request-context.ts';
import type { PagingOptions } from '../../context/paging.ts';
import type { StoryNode } from '../../stories/content-gate.ts';
import {
  publishThreadedResponse,
  responseThread,
  setResponseHidden,
  shownResponseCount,
  threadCountWithFirstPage,
  threadedResponses,
  type ResponseSortType,
} from '../../responses/responses.ts';
import type { SchemaModule } from './schema-module.ts';
import { firstThreadPageAsked } from '../thread-page-asked.ts';

export const responsesModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "Order of a thread's responses."
    enum ResponseSortType {
      "Most clapped first, then newest."
      MOST_RELEVANT
      NEWEST
    }

    type PostResponses {
      "Direct responses the thread shows (published, not hidden by the parent's author, by accounts in good standing)."
      count: Int!
    }

    type Post {
      postResponses: PostResponses!
      "The direct responses the thread shows, paged; each response has its own threadedPostResponses (replies)."
      threadedPostResponses(paging: PagingOptions, sortType: ResponseSortType = NEWEST): PostConnection!
    }

    type Mutation {
      """
      Publishes a response to a story or to another response, from plain text (paragraphs
      split on blank lines). Signed in only. Refused when the author closed discussion
      (docs/product/2-sign-in-notices-cache-routing.md §8 message). Answers the new response.
      """
      publishPostThreadedResponse(inResponseToPostId: ID!, text: String!): Post!
      "The parent post's author hides a response from its thread. Answers the parent post."
      hidePostResponseOnParentPost(parentPostId: ID!, postResponseId: ID!): Post!
      "Undoes hidePostResponseOnParentPost (the HIDE_POST_RESPONSE toast's Undo). Answers the parent post."
      unhidePostResponseOnParentPost(parentPostId: ID!, postResponseId: ID!): Post!
    }
  `,
  resolvers: {
    Post: {
      postResponses: (post: StoryNode) => ({ postId: post.id }),
      threadedPostResponses: (post: StoryNode, args: { paging?: PagingOptions | null; sortType?: ResponseSortType | null }, ctx: RequestContext) =>
        threadedResponses(ctx, post.id, args.paging, args.sortType ?? 'NEWEST').then((page) => ({ posts: page.items, pagingInfo: page.pagingInfo })),
    },
    PostResponses: {
      // The story page asks for the count and the first page of the same thread: one statement for both.
      count: (source: { postId: string }, _args: unknown, ctx: RequestContext, info: GraphQLResolveInfo) => {
        const page = firstThreadPageAsked(info, source.postId);
        return page ? threadCountWithFirstPage(ctx, source.postId, page.paging, page.sortType) : shownResponseCount(ctx).load(source.postId);
      },
    },
    Mutation: {
      publishPostThreadedResponse: async (_root: unknown, args: { inResponseToPostId: string; text: string }, ctx: RequestContext): Promise<StoryNode> => {
        const thread = await responseThread(ctx, args.inResponseToPostId);
        return publishThreadedResponse(ctx, thread, args.text);
      },
      hidePostResponseOnParentPost: (_root: unknown, args: { parentPostId: string; postResponseId: string }, ctx: RequestContext) => setResponseHidden(ctx, args, true),
      unhidePostResponseOnParentPost: (_root: unknown, args: { parentPostId: string; postResponseId: string }, ctx: RequestContext) => setResponseHidden(ctx, args, false),
    },
  },
};
