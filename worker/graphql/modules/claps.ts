// Claps (docs/product/3-routes-data-calls-constants.md §3: Post.clapCount, viewerClapCount; client
// state multiVote): a signed-in reader claps a story 1 to 50 times in all. A call adds numClaps to
// the reader's claps; the 50 ceiling is kept by SQLite itself in one upsert (MIN(50, count +
// excluded.count)), so concurrent calls can never push a reader past it, whatever their
// interleaving. The story's clapCount is recounted from the claps rows in the same D1 batch (a
// transaction), so it always equals the sum (as scripts/demo-world/counters.ts keeps it).
//
// Decisions where the spec is silent:
// - A writer cannot clap for their own story (the clap button is inert for them), as in
//   the product the spec describes; the server refuses it too.
// - Any signed-in reader who can open a story may clap it, member-only ones included: a
//   non-member who read the preview may still applaud it.
// - Only published stories and responses take claps (a draft is not readable by others).
// - The anonymous copy of the story page shows clapCount, so a clap purges post:{id} (only
//   that tag: cards elsewhere may show a count up to the cache TTL old, which is fine for a
//   number that only grows).
import { and, desc, eq, sql } from 'drizzle-orm';
import { GraphQLError } from 'graphql';
import { purgeTags } from '../../cache/purge.ts';
import { recordNotification } from '../../notifications/notify.ts';
import { postTag } from '../../cache/tags.ts';
import { claps, posts, users, type UserRow } from '../../db/schema.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { orm } from '../../db/orm.ts';
import { badRequest, signInRequired } from '../../context/errors.ts';
import { isOutcome } from '../../context/outcomes.ts';
import { postOrOutcome } from '../../stories/story-access.ts';
import type { PostNode } from '../../stories/content-gate.ts';
import { pageOf, pageRequest, type Page, type PagingOptions } from '../../context/paging.ts';
import { activeAccount, after } from '../../db/conditions.ts';
import type { SchemaModule } from './schema-module.ts';

/**
 * A reader's claps per story, in all (docs/product/3-routes-data-calls-constants.md §9 "Per-post
 * default 50").
 */
export const MAX_CLAPS_PER_POST = 50;

async function clap(_root: unknown, args: { targetPostId: string; numClaps: number }, context: RequestContext): Promise<PostNode> {
  const viewer = context.viewer.user;
  if (!viewer) throw signInRequired('clap for a story');
  const { numClaps } = args;
  if (!Number.isInteger(numClaps) || numClaps < 1 || numClaps > MAX_CLAPS_PER_POST) {
    throw badRequest(`numClaps must be between 1 and ${MAX_CLAPS_PER_POST} (got ${numClaps}).`);
  }
  const post = await postOrOutcome(context, args.targetPostId);
  if (isOutcome(post)) throw new GraphQLError(post.message, { extensions: { code: 'NOT_FOUND', outcome: post.__typename } });
  if (post.status !== 'PUBLISHED') throw badRequest('Only published stories can be clapped for.');
  if (post.creatorId === viewer.id) throw badRequest('You cannot clap for your own story.');

  const q = orm(context.db);
  await q.batch([
    q
      .insert(claps)
      .values({ userId: viewer.id, postId: post.id, count: numClaps, updatedAt: context.now })
      .onConflictDoUpdate({
        target: [claps.userId, claps.postId],
        set: { count: sql`MIN(${MAX_CLAPS_PER_POST}, ${claps.count} + excluded.count)`, updatedAt: sql`excluded.updated_at` },
      }),
    q
      .update(posts)
      .set({ clapCount: sql`(SELECT COALESCE(SUM(${claps.count}), 0) FROM ${claps} WHERE ${claps.postId} = ${post.id})` })
      .where(sql`${posts.id} = ${post.id}`),
  ]);
  context.loaders.postById.clear(post.id);
  context.loaders.viewerClapCountByPostId.clear(post.id);

  await purgeTags(context.env, [postTag(post.id)]);
  await recordNotification(context.db, { userId: post.creatorId, actorId: viewer.id, kind: 'CLAP', postId: post.id, now: context.now });

  const updated = await context.loaders.postById.load(post.id);
  if (!updated) throw new Error(`Post ${post.id} disappeared while it was clapped for.`);
  return updated;
}

/**
 * Who clapped for a story (/p/{postId}/upvotes), most recent clap first, with each reader's
 * claps; deleted and suspended accounts left out, as in every list of people. Public like the
 * story's clap count: anyone who can open the story sees who applauded it.
 */
async function clappers(post: PostNode, args: { paging?: PagingOptions | null }, context: RequestContext): Promise<{ claps: { user: UserRow; clapCount: number }[]; pagingInfo: Page<unknown>['pagingInfo'] }> {
  if (post.status !== 'PUBLISHED') return { claps: [], pagingInfo: { next: null } };
  const request = pageRequest(args.paging);
  const rows = await orm(context.db)
    .select({ user: users, clapCount: claps.count, clappedAt: claps.updatedAt })
    .from(claps)
    .innerJoin(users, eq(users.id, claps.userId))
    .where(and(eq(claps.postId, post.id), ...activeAccount(), ...after(claps.updatedAt, users.id, request.after)))
    .orderBy(desc(claps.updatedAt), desc(users.id))
    .limit(request.limit + 1);
  const page = pageOf(rows, request, (row) => ({ sortKey: row.clappedAt, id: row.user.id }));
  for (const row of page.items) context.loaders.userById.prime(row.user.id, row.user);
  return { claps: page.items.map((row) => ({ user: row.user, clapCount: row.clapCount })), pagingInfo: page.pagingInfo };
}

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

    type Mutation {
      """
      Adds numClaps (1 to 50) to the viewer's claps for a published story or response; the
      viewer's total stays at most 50 (extra claps are dropped). Signed in only; not for
      one's own story. Answers the story with its new clapCount and viewerEdge.clapCount.
      """
      clap(targetPostId: ID!, numClaps: Int!): Post!
    }
  `,
  resolvers: {
    Mutation: { clap },
    Post: { clappersConnection: clappers },
  },
};
