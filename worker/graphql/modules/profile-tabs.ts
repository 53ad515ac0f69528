// The profile tabs that list something other than the writer's own stories
// (docs/product/3-routes-data-calls-constants.md §2.6, §2.11): Has recommended (the stories the
// user clapped for, most recent clap first) and Responses (the user's responses, newest first,
// each with the story it answers). Each is one keyset-paged query over an index of its own
// (migrations/0015_reader.sql), so a page costs the same whatever the size of the site.
// The queries are worker/stories/profile-tabs.ts's.
import type { RequestContext } from '../../context/request-context.ts';
import type { Page, PagingOptions } from '../../context/paging.ts';
import type { StoryNode } from '../../stories/content-gate.ts';
import type { UserRow } from '../../accounts/profiles.ts';
import { recommendedStories, responsesBy } from '../../stories/profile-tabs.ts';
import type { SchemaModule } from './schema-module.ts';

type PagingArgs = { paging?: PagingOptions | null };
const postConnection = (page: Page<StoryNode>) => ({ posts: page.items, pagingInfo: page.pagingInfo });

export const profileTabsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type User {
      "Has recommended: the stories this user clapped for, most recent clap first."
      recommendedPostsConnection(paging: PagingOptions): PostConnection!
      "The user's responses to stories, newest first (each with inResponseToPost)."
      responsesConnection(paging: PagingOptions): PostConnection!
    }
  `,
  resolvers: {
    User: {
      recommendedPostsConnection: async (user: UserRow, args: PagingArgs, ctx: RequestContext) => postConnection(await recommendedStories(ctx, user.id, args.paging)),
      responsesConnection: async (user: UserRow, args: PagingArgs, ctx: RequestContext) => postConnection(await responsesBy(ctx, user.id, args.paging)),
    },
  },
};

