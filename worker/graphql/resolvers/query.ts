import type { RequestContext } from '../../context/request-context.ts';
import { badRequest } from '../../context/errors.ts';
import { isOutcome, outcomes, resolveResultType } from '../../context/outcomes.ts';
import type { PagingOptions } from '../../context/paging.ts';
import { storyOrOutcome } from '../../stories/story-access.ts';
import { homeFeedPosts, type HomeFeedMode } from '../../stories/story-lists.ts';
import { existingUser, userOrOutcome, type UserRow } from '../../accounts/profiles.ts';

/** The one argument of several that was given; exactly one must be. */
function exactlyOne<K extends string>(args: Partial<Record<K, string | null>>, names: readonly K[]): [K, string] {
  const given = names.filter((name) => typeof args[name] === 'string' && args[name] !== '');
  const name = given[0];
  if (given.length !== 1 || name === undefined) throw badRequest(`Pass exactly one of ${names.join(', ')}.`);
  return [name, args[name] as string];
}

type UserLookup = { id?: string | null; username?: string | null };

/** An id that was passed but is empty, and nothing else to look by (docs/outcomes.md "GraphqlEmptyId"). */
const isEmptyIdLookup = (args: UserLookup): boolean => typeof args.id === 'string' && args.id.trim() === '' && !args.username;

function findUser(ctx: RequestContext, args: UserLookup): Promise<UserRow | null> {
  const [by, value] = exactlyOne(args, ['id', 'username'] as const);
  return by === 'id' ? ctx.loaders.userById.load(value) : ctx.loaders.userByUsername.load(value);
}

export const queryResolvers = {
  Query: {
    viewer: (_root: unknown, _args: unknown, ctx: RequestContext) =>
      ctx.viewer.user ? ctx.loaders.userById.load(ctx.viewer.user.id) : null,

    /** A suspended user still resolves here (isSuspended says so); deleted ones do not. */
    user: async (_root: unknown, args: UserLookup, ctx: RequestContext) => existingUser(await findUser(ctx, args)),
    userResult: async (_root: unknown, args: UserLookup, ctx: RequestContext) =>
      isEmptyIdLookup(args) ? outcomes.graphqlEmptyId() : userOrOutcome(ctx, await findUser(ctx, args)),

    post: async (_root: unknown, args: { id: string }, ctx: RequestContext) => {
      const result = await storyOrOutcome(ctx, args.id);
      return isOutcome(result) ? null : result;
    },
    postResult: (_root: unknown, args: { id: string }, ctx: RequestContext) => storyOrOutcome(ctx, args.id),

    collection: (_root: unknown, args: { id?: string | null; slug?: string | null; domain?: string | null }, ctx: RequestContext) => {
      const [by, value] = exactlyOne(args, ['id', 'slug', 'domain'] as const);
      if (by === 'id') return ctx.loaders.collectionById.load(value);
      if (by === 'slug') return ctx.loaders.collectionBySlug.load(value);
      return ctx.loaders.collectionByLiveDomain.load(value);
    },
    tag: (_root: unknown, args: { slug: string }, ctx: RequestContext) => ctx.loaders.tagBySlug.load(args.slug),
    topic: (_root: unknown, args: { slug: string }, ctx: RequestContext) => ctx.loaders.tagBySlug.load(args.slug),

    homeFeed: async (_root: unknown, args: { mode?: HomeFeedMode | null; paging?: PagingOptions | null }, ctx: RequestContext) => {
      const page = await homeFeedPosts(ctx, args.mode ?? 'LATEST', args.paging);
      return { items: page.items.map((post) => ({ post })), pagingInfo: page.pagingInfo };
    },
  },
  UserResult: { __resolveType: resolveResultType('User') },
  PostResult: { __resolveType: resolveResultType('Post') },
};
