// Moderation by staff (issue 12 item 9): suspending and restoring a story or an account. A
// suspended story or account answers PostSuspended / AccountSuspended to readers
// (worker/graphql/resolvers/post-access.ts) while its author still sees it with the notice; the
// pages that showed it are purged at once (a story through storyChanged; an account's profile,
// home and each of its stories). Anyone but staff is told the thing does not exist.
import { eq } from 'drizzle-orm';
import { purgeTags } from '../../cache/purge.ts';
import { HOME_TAG, postTag, userTag } from '../../cache/tags.ts';
import { orm } from '../../db/orm.ts';
import { posts, users } from '../../db/schema.ts';
import { storyChanged } from '../../stories/story-changed.ts';
import { reindexUser } from '../../search/indexing.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { signInRequired } from '../../context/errors.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  union ModerationResult = ModerationDone | NotFound

  type ModerationDone {
    "The story's or account's id."
    id: ID!
    isSuspended: Boolean!
  }

  type Mutation {
    "Staff only: suspends (true) or restores (false) a story."
    setPostSuspended(postId: ID!, suspended: Boolean!): ModerationResult!
    "Staff only: suspends (true) or restores (false) an account."
    setUserSuspended(userId: ID!, suspended: Boolean!): ModerationResult!
  }
`;

/** Stories of an account whose pages are purged with it (the newest first). */
const MAX_PURGED_STORIES = 1000;

function staffOnly(ctx: RequestContext): boolean {
  if (!ctx.viewer.user) throw signInRequired('moderate');
  return ctx.viewer.user.isStaff;
}

async function setPostSuspended(_r: unknown, args: { postId: string; suspended: boolean }, ctx: RequestContext) {
  const post = staffOnly(ctx) ? await ctx.loaders.postById.load(args.postId) : null;
  if (!post) return { __typename: 'NotFound', message: 'This story does not exist.' };
  await orm(ctx.db).update(posts).set({ isSuspended: args.suspended }).where(eq(posts.id, post.id));
  await storyChanged(ctx, post.id, { change: 'settings' });
  return { __typename: 'ModerationDone', id: post.id, isSuspended: args.suspended };
}

async function setUserSuspended(_r: unknown, args: { userId: string; suspended: boolean }, ctx: RequestContext) {
  const user = staffOnly(ctx) ? await ctx.loaders.userById.load(args.userId) : null;
  if (!user) return { __typename: 'NotFound', message: 'This account does not exist.' };
  const q = orm(ctx.db);
  await q.update(users).set({ isSuspended: args.suspended }).where(eq(users.id, user.id));
  const stories = await q.select({ id: posts.id }).from(posts).where(eq(posts.creatorId, user.id)).limit(MAX_PURGED_STORIES);
  // A suspended account and its stories leave search at once; a restored one comes back.
  await reindexUser(ctx.env, user.id);
  await purgeTags(ctx.env, [userTag(user.id), HOME_TAG, ...stories.map((s) => postTag(s.id))]);
  return { __typename: 'ModerationDone', id: user.id, isSuspended: args.suspended };
}

export const moderationModule: SchemaModule = {
  typeDefs,
  resolvers: {
    ModerationResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    Mutation: { setPostSuspended, setUserSuspended },
  },
};
