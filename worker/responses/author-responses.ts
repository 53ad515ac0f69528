// The author's story details (page post-info at /p/{postId}/info and /info/{order}/{filter};
// docs/reader.md "Story details"): the story's direct responses as its author sees them, the
// ones they hid included, so a response hidden once can be shown again after the Undo toast is
// gone (setResponseHidden in ./responses.ts does the change).
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { posts, users } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import type { StoryNode } from '../stories/content-gate.ts';

export const RESPONSE_ORDERS = ['newest', 'oldest'] as const;
export const RESPONSE_FILTERS = ['all', 'shown', 'hidden'] as const;
/** The responses the page lists at most. */
export const AUTHOR_RESPONSES_LIMIT = 100;

type Order = (typeof RESPONSE_ORDERS)[number];
type Filter = (typeof RESPONSE_FILTERS)[number];

export interface AuthorResponse {
  post: StoryNode;
  /** Hidden by the author: the thread does not show it. */
  hidden: boolean;
}

/** Author only (null for anyone else): the direct responses, hidden ones included, at most 100. */
export async function authorResponses(ctx: RequestContext, post: StoryNode, args: { order?: string | null; filter?: string | null }): Promise<AuthorResponse[] | null> {
  if (!ctx.viewer.user || ctx.viewer.user.id !== post.creatorId) return null;
  const order = (RESPONSE_ORDERS as readonly string[]).includes(args.order ?? '') ? (args.order as Order) : 'newest';
  const filter = (RESPONSE_FILTERS as readonly string[]).includes(args.filter ?? '') ? (args.filter as Filter) : 'all';
  const conditions = [eq(posts.inResponseToPostId, post.id), eq(posts.status, 'PUBLISHED'), isNull(posts.deletedAt), isNull(users.deletedAt)];
  if (filter !== 'all') conditions.push(eq(posts.hiddenByParentAuthor, filter === 'hidden'));
  const rows = await orm(ctx.db)
    .select({ id: posts.id, hidden: posts.hiddenByParentAuthor })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(and(...conditions))
    .orderBy(order === 'newest' ? desc(posts.firstPublishedAt) : asc(posts.firstPublishedAt), asc(posts.id))
    .limit(AUTHOR_RESPONSES_LIMIT);
  const loaded = await Promise.all(rows.map(async (row) => ({ post: await ctx.loaders.postById.load(row.id), hidden: row.hidden })));
  return loaded.filter((entry): entry is AuthorResponse => entry.post !== null);
}
