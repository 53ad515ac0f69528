// Responses (docs/product/2-sign-in-notices-cache-routing.md §3 (Post): responsesCount,
// postResponses.count, threadedPostResponses; docs/product/2-sign-in-notices-cache-routing.md §4.4
// (HIDE_POST_RESPONSE); docs/product/2-sign-in-notices-cache-routing.md §8): a response is a post
// whose in_response_to_post_id names the story (or the response) it answers, so threads nest.
//
//   Post.postResponses.count        direct responses shown in the thread
//   Post.threadedPostResponses      those responses, keyset-paged (paging { limit, to })
//   publishPostThreadedResponse     writes a response from plain text (signed in): responseThread
//                                   checks the post it answers and the blocks above it, then
//                                   publishThreadedResponse writes it
//   hide/unhidePostResponseOnParentPost   the parent's author hides a response, or undoes it
//
// A thread shows a response when it is published, not trashed, not suspended, not hidden by
// the parent's author, and by an account neither suspended nor deleted. responsesCount stays
// the stored count of every direct response (scripts/demo-world/counters.ts).
//
// Decisions where the spec is silent:
// - Text becomes structured content, never HTML: paragraphs (P) split on blank lines; line
//   breaks inside a paragraph are kept as "\n" and shown as breaks by the client.
// - Discussion is closed when the parent or any post above it in the thread has
//   responsesLocked (a story's author closing discussion closes its whole thread).
// - Only the author of the parent post may hide a response to it (the mutation names the
//   parent). A hidden response still opens at its own address; it leaves the thread.
// - Every change records the pages of the parent and of every post above it (their
//   anonymous pages show the first page of responses and the counts).
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import DataLoader from 'dataloader';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { slugify } from '../../shared/format.ts';
import { countWords, readingTimeMinutes, type Paragraph } from '../../shared/content.ts';
import type { PageSubject } from '../context/changes.ts';
import { recordNotification } from '../notifications/notify.ts';
import { posts, users } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { orm } from '../db/orm.ts';
import { CURSOR_PLACEHOLDERS, cursorValues, runShape, type Bound, type BoundCursor } from '../db/isolate-statements.ts';
import { newId } from '../lib/ids.ts';
import { badRequest, CallerError, forbidden, signInRequired } from '../context/errors.ts';
import { publishingRefusal } from '../accounts/account-limits.ts';
import { isOutcome } from '../context/outcomes.ts';
import { pageOf, pageRequest, type Page, type PagingOptions } from '../context/paging.ts';
import { storyOrOutcome } from '../stories/story-access.ts';
import { sealStoryNode, type StoryNode } from '../stories/content-gate.ts';
import { DISCUSSION_CLOSED_MESSAGE } from '../stories/discussion.ts';
import { assertNotBlocked } from '../follows/blocks.ts';

export const MAX_RESPONSE_CHARACTERS = 10_000;
export const MAX_RESPONSE_PARAGRAPHS = 100;
/** How far up a thread the closed-discussion check looks (threads are far shallower). */
const MAX_THREAD_DEPTH = 32;

export type ResponseSortType = 'NEWEST' | 'MOST_RELEVANT';

/** Conditions of a response the thread shows (also a list's responses: worker/lists/list-responses.ts). */
export function shownInThread(): SQL[] {
  return shownInThreadOf(posts, users);
}

/** The same conditions, of a response table and its writers' table under other names (a subquery's). */
function shownInThreadOf(
  response: Record<'status' | 'deletedAt' | 'isSuspended' | 'hiddenByParentAuthor', SQLiteColumn>,
  writer: Record<'isSuspended' | 'deletedAt', SQLiteColumn>,
): SQL[] {
  return [
    eq(response.status, 'PUBLISHED'),
    isNull(response.deletedAt),
    eq(response.isSuspended, false),
    eq(response.hiddenByParentAuthor, false),
    eq(writer.isSuspended, false),
    isNull(writer.deletedAt),
  ];
}

const replies = alias(posts, 'replies');
const replyWriters = alias(users, 'reply_writers');

/** Per row of a thread's page: how many shown replies that response has (what its own count would read). */
function replyCount(q: DrizzleD1Database): SQL<number> {
  const counted = q
    .select({ n: count() })
    .from(replies)
    .innerJoin(replyWriters, eq(replyWriters.id, replies.creatorId))
    .where(and(eq(replies.inResponseToPostId, posts.id), isNotNull(replies.firstPublishedAt), ...shownInThreadOf(replies, replyWriters)));
  return sql<number>`(${counted})`;
}

// One loader per request (the context's lifetime) counting shown responses of many posts in
// one GROUP BY: a thread of 25 responses asks for 25 counts in one query.
const responseCountLoaders = new WeakMap<RequestContext, DataLoader<string, number>>();

/** Counts of the responses each post's thread shows, batched for the request. */
export function shownResponseCount(ctx: RequestContext): DataLoader<string, number> {
  let loader = responseCountLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader<string, number>(
      async (ids) => {
        const rows = await orm(ctx.db)
          .select({ parentId: posts.inResponseToPostId, n: count() })
          .from(posts)
          .innerJoin(users, eq(users.id, posts.creatorId))
          .where(and(inArray(posts.inResponseToPostId, [...ids]), ...shownInThreadPages()))
          .groupBy(posts.inResponseToPostId);
        const counts = new Map(rows.map((r) => [r.parentId, r.n]));
        return ids.map((id) => counts.get(id) ?? 0);
      },
      { maxBatchSize: 90 },
    );
    responseCountLoaders.set(ctx, loader);
  }
  return loader;
}

/** What a thread's page lists: the shown responses that were published. */
function shownInThreadPages(): SQL[] {
  return [isNotNull(posts.firstPublishedAt), ...shownInThread()];
}

// A story page asks for its thread's count (PostResponses.count) and its first page
// (threadedPostResponses) in one query. The first page's statement also answers the count
// (count(*) OVER (): the rows its conditions match before the LIMIT), so a request reads a
// thread's first page once, and its count with it (threadCountWithFirstPage;
// docs/adr/0210-reads-of-one-turn-in-one-batch.md: fewer statements, not only fewer trips).
const firstPages = new WeakMap<RequestContext, Map<string, Promise<Page<StoryNode> & { total?: number }>>>();

export function threadedResponses(
  ctx: RequestContext,
  parentId: string,
  paging: PagingOptions | null | undefined,
  sortType: ResponseSortType,
): Promise<Page<StoryNode>> {
  const parent: ThreadParent = { of: 'post', id: parentId };
  if (paging?.to) return threadedResponsesWhere(ctx, parent, paging, sortType);
  let pages = firstPages.get(ctx);
  if (!pages) firstPages.set(ctx, (pages = new Map()));
  const key = `${parentId}\u0000${paging?.limit ?? ''}\u0000${sortType}`;
  let page = pages.get(key);
  if (!page) pages.set(key, (page = threadedResponsesWhere(ctx, parent, paging, sortType, true)));
  return page;
}

/** A thread's count, from its first page read by the same request (the page is read once for both). */
export async function threadCountWithFirstPage(
  ctx: RequestContext,
  parentId: string,
  paging: PagingOptions | null | undefined,
  sortType: ResponseSortType,
): Promise<number> {
  const page: Page<StoryNode> & { total?: number } = await threadedResponses(ctx, parentId, paging, sortType);
  return page.total ?? shownResponseCount(ctx).load(parentId);
}

/** What a thread hangs from: a story or a response (`post`), or a list (`catalog`), by its id. */
export interface ThreadParent {
  of: 'post' | 'catalog';
  id: string;
}

/**
 * A thread's page: its parent, its cursor and its limit given as values or as placeholders
 * (exported for its unit test). The parent is always the placeholder `parent`.
 */
export function threadSelect(q: DrizzleD1Database, of: ThreadParent['of'], sortType: ResponseSortType, withTotal: boolean, after: BoundCursor | null, limit: Bound<number>) {
  const sortKey = sortType === 'MOST_RELEVANT' ? posts.clapCount : posts.firstPublishedAt;
  const parent = eq(of === 'post' ? posts.inResponseToPostId : posts.inResponseToCatalogId, sql.placeholder('parent'));
  const conditions = [parent, ...shownInThreadPages()];
  if (after) conditions.push(or(lt(sortKey, after.at), and(eq(sortKey, after.at), lt(posts.id, after.id)))!);
  return q
    .select({
      post: posts,
      creator: users,
      total: withTotal ? sql<number>`count(*) over ()` : sql<number>`0`,
      // Each response shows its own count of replies: read here, not by a statement after the page.
      replies: replyCount(q),
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(and(...conditions))
    .orderBy(desc(sortKey), desc(posts.id))
    .limit(limit);
}

/**
 * The shown responses of `parent` (a story's, a response's or a list's), keyset-paged. The
 * statement is built once per isolate per shape (worker/db/isolate-statements.ts,
 * docs/adr/0226-a-fresh-render-builds-nothing-it-built-before.md) and bound per request.
 */
export async function threadedResponsesWhere(
  ctx: RequestContext,
  parent: ThreadParent,
  paging: PagingOptions | null | undefined,
  sortType: ResponseSortType,
  withTotal = false,
): Promise<Page<StoryNode> & { total?: number }> {
  const request = pageRequest(paging);
  const { after } = request;
  const values: Record<string, unknown> = { parent: parent.id, limit: request.limit + 1 };
  if (after) cursorValues(after, values);
  const rows = await runShape(
    ctx.db,
    `thread:${parent.of}:${sortType}:${withTotal ? 'total' : ''}:${after ? 'after' : ''}`,
    (b) => threadSelect(b, parent.of, sortType, withTotal, after && CURSOR_PLACEHOLDERS, sql.placeholder('limit')).prepare(),
    values,
  );
  const total = rows[0]?.total ?? 0;
  const page = pageOf(rows, request, ({ post }) => ({
    sortKey: (sortType === 'MOST_RELEVANT' ? post.clapCount : post.firstPublishedAt) ?? 0,
    id: post.id,
  }));
  const replyCounts = shownResponseCount(ctx);
  for (const { creator, post, replies: n } of page.items) {
    ctx.loaders.userById.prime(creator.id, creator);
    replyCounts.prime(post.id, n);
  }
  return {
    items: page.items.map(({ post }) => {
      const node = sealStoryNode(post);
      ctx.loaders.postById.prime(node.id, node);
      return node;
    }),
    pagingInfo: page.pagingInfo,
    ...(withTotal ? { total } : {}),
  };
}

/** Plain text → P paragraphs: split on blank lines, trimmed, empty ones dropped. */
export function paragraphsFromText(text: string): Paragraph[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.replace(/[ \t]+/g, ' ').trim())
        .filter((line) => line !== '')
        .join('\n'),
    )
    .filter((block) => block !== '')
    .map((block, i) => ({ name: i.toString(16).padStart(4, '0'), type: 'P' as const, text: block, markups: [] }));
}

/**
 * The row of a new response written as `text` (validated: a clear error when it is empty or
 * too long), without its id and the parent it answers.
 */
export function responseStoryFromText(text: string, creatorId: string, now: number) {
  if (text.length > MAX_RESPONSE_CHARACTERS) throw badRequest(`A response is at most ${MAX_RESPONSE_CHARACTERS.toLocaleString('en-US')} characters.`);
  const paragraphs = paragraphsFromText(text);
  if (paragraphs.length === 0) throw badRequest('Write something before you respond.');
  if (paragraphs.length > MAX_RESPONSE_PARAGRAPHS) throw badRequest(`A response has at most ${MAX_RESPONSE_PARAGRAPHS} paragraphs.`);
  const words = countWords(paragraphs);
  return {
    creatorId,
    slug: slugify(paragraphs[0]!.text.split(/\s+/).slice(0, 6).join(' ')),
    status: 'PUBLISHED' as const,
    visibility: 'PUBLIC' as const,
    content: JSON.stringify({ paragraphs }),
    wordCount: words,
    readingTime: readingTimeMinutes(paragraphs, words),
    createdAt: now,
    updatedAt: now,
    firstPublishedAt: now,
    latestPublishedAt: now,
  };
}

/** The post a response answers, and the ones above it, nearest first. */
async function threadAncestors(ctx: RequestContext, post: StoryNode): Promise<StoryNode[]> {
  const chain = [post];
  let current = post;
  while (current.inResponseToPostId && chain.length < MAX_THREAD_DEPTH) {
    const parent = await ctx.loaders.postById.load(current.inResponseToPostId);
    if (!parent) break;
    chain.push(parent);
    current = parent;
  }
  return chain;
}

/** The pages of a post and of every post above it (they show its responses or counts). */
function threadPages(chain: readonly StoryNode[]): PageSubject[] {
  return chain.map((p) => ({ kind: 'story', id: p.id }));
}

async function visibleParent(ctx: RequestContext, id: string): Promise<StoryNode> {
  const parent = await storyOrOutcome(ctx, id);
  if (isOutcome(parent)) throw new CallerError(parent.message, { code: 'NOT_FOUND', outcome: parent.__typename });
  return parent;
}

/**
 * The thread a new response to `inResponseToPostId` joins: the post it answers, checked (signed
 * in, allowed to publish, a published story or response the viewer can open, not a list's
 * response), then the posts above it, nearest first.
 */
export async function responseThread(ctx: RequestContext, inResponseToPostId: string): Promise<StoryNode[]> {
  const viewer = ctx.viewer.user;
  if (!viewer) throw signInRequired('respond');
  const refusal = publishingRefusal(viewer);
  if (refusal) throw forbidden(refusal);
  const parent = await visibleParent(ctx, inResponseToPostId);
  if (parent.status !== 'PUBLISHED') throw badRequest('Only published stories take responses.');
  // Decision (spec silent): responses on a list are a flat list, they take no replies.
  if (parent.inResponseToCatalogId !== null) throw badRequest('Responses on a list take no replies.');
  const chain = await threadAncestors(ctx, parent);
  // Not under the story (or any response above) of a writer who blocked the reader, or
  // whom the reader blocked: the parent itself was already checked by story-access.ts.
  await assertNotBlocked(ctx, chain.map((p) => p.creatorId));
  return chain;
}

/**
 * Publishes a response, from plain text, under the first post of `thread` (responseThread's):
 * refused when the author closed discussion anywhere above. Answers the new response.
 */
export async function publishThreadedResponse(ctx: RequestContext, thread: readonly StoryNode[], text: string): Promise<StoryNode> {
  // The thread changes: a page read before this write in the same request is no longer its page.
  firstPages.delete(ctx);
  const viewer = ctx.viewer.user;
  if (!viewer) throw signInRequired('respond');
  const parent = thread[0]!;
  if (thread.some((p) => p.responsesLocked)) {
    throw new CallerError(DISCUSSION_CLOSED_MESSAGE, { code: 'RESPONSES_LOCKED' });
  }
  const id = newId();
  const now = ctx.now;
  const q = orm(ctx.db);
  await q.batch([
    q.insert(posts).values({ ...responseStoryFromText(text, viewer.id, now), id, inResponseToPostId: parent.id }),
    q
      .update(posts)
      .set({ responseCount: sql`(SELECT COUNT(*) FROM ${posts} AS r WHERE r.in_response_to_post_id = ${parent.id})` })
      .where(eq(posts.id, parent.id)),
  ]);
  ctx.loaders.postById.clear(parent.id);
  await ctx.changes.record({ pages: threadPages(thread) });
  await recordNotification(ctx.db, { userId: parent.creatorId, actorId: viewer.id, kind: 'RESPONSE', postId: id, now });

  const created = await ctx.loaders.postById.load(id);
  if (!created) throw new Error(`Response ${id} was not saved.`);
  return created;
}

/** The parent post's author hides a response from its thread (or shows it again). Answers the parent post. */
export async function setResponseHidden(ctx: RequestContext, args: { parentPostId: string; postResponseId: string }, hidden: boolean): Promise<StoryNode> {
  // The thread changes: a page read before this write in the same request is no longer its page.
  firstPages.delete(ctx);
  const viewer = ctx.viewer.user;
  if (!viewer) throw signInRequired(hidden ? 'hide a response' : 'show a response again');
  const parent = await visibleParent(ctx, args.parentPostId);
  if (parent.creatorId !== viewer.id) {
    throw forbidden('Only the author of the story can hide or show its responses.');
  }
  const response = await ctx.loaders.postById.load(args.postResponseId);
  if (!response || response.inResponseToPostId !== parent.id) throw badRequest('That response does not answer this story.');

  await orm(ctx.db).update(posts).set({ hiddenByParentAuthor: hidden }).where(eq(posts.id, response.id));
  ctx.loaders.postById.clear(response.id);
  ctx.loaders.postById.clear(parent.id);
  await ctx.changes.record({ pages: threadPages(await threadAncestors(ctx, parent)) });

  const updated = await ctx.loaders.postById.load(parent.id);
  if (!updated) throw new Error(`Post ${parent.id} disappeared.`);
  return updated;
}
