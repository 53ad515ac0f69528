// Lists of stories: the home feed (LATEST here; FOLLOWING and FOR_YOU signed in are
// built from the viewer's follows in followed-feeds.ts), a writer's stories, a
// publication's stories, a tag's stories. One keyset-paged query each; the creators
// come back in the same query and prime the user loader.
//
// What a list may hold is decided here once (listedToEveryone): published, not trashed,
// not a response, not unlisted, not suspended, by an account neither suspended nor
// deleted. Drafts and trash never appear in any list, for anyone.

import { and, desc, eq, getTableColumns, inArray, isNotNull, isNull, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import { CURSOR_PLACEHOLDERS, cursorValues, runShape, type Bound, type BoundCursor } from '../db/isolate-statements.ts';
import { blocks, collections, mutes, posts, postTags, users, type CollectionRow, type TagRow, type UserRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { orm } from '../db/orm.ts';
import { notShownLessTo } from './negative-signals.ts';
import { followingRows, forYouRows, type FeedRow } from './followed-feeds.ts';
import { emptyPage, pageOf, pageRequest, type Page, type PageRequest, type PagingOptions } from '../context/paging.ts';
import { sealStoryNode, type StoryNode } from './content-gate.ts';
import { isViewer, viewerId } from '../context/viewer-checks.ts';

export type HomeFeedMode = 'LATEST' | 'FOLLOWING' | 'FOR_YOU';

/** Stories anyone may find in a list (exported for lists with their own order: the social graph and profiles modules). */
export function listedToEveryone(): SQL[] {
  return [
    ...listedToAuthor(),
    ne(posts.visibility, 'UNLISTED'),
    eq(posts.isSuspended, false),
    eq(users.isSuspended, false),
    isNull(users.deletedAt),
  ];
}

/** An author's own list also holds their unlisted and suspended stories. */
function listedToAuthor(published: SQL = eq(posts.status, 'PUBLISHED')): SQL[] {
  // Responses (to a story or to a list) are not stories: they live in their threads.
  return [published, isNull(posts.deletedAt), isNull(posts.inResponseToPostId), isNull(posts.inResponseToCatalogId)];
}

/**
 * The listed stories among a few known ids (a ranking's candidates), read by their keys. The
 * status test is marked likely(): without it SQLite, which has no statistics, took the partial
 * index on status (posts_recent_claps) for more than a handful of ids and walked every published
 * story to find them, a statement that grew with the site (docs/adr/0193-known-ids-read-by-key.md).
 */
export function listedAmong(ids: readonly string[]): SQL[] {
  return [
    inArray(posts.id, [...ids]),
    ...listedToAuthor(sql`likely(${posts.status} = 'PUBLISHED')`),
    ne(posts.visibility, 'UNLISTED'),
    eq(posts.isSuspended, false),
    eq(users.isSuspended, false),
    isNull(users.deletedAt),
  ];
}

interface ListQuery {
  /** The list's conditions; called only when the statement is built (once per isolate for a shape). */
  where: () => SQL[];
  /** A tag's list reads the tag links (their publication time is indexed per tag). */
  tagSlug?: string;
  /**
   * The list's shape when its conditions hold no request's value but placeholders (`owner`, and
   * the tag, the cursor and the limit, which listSelect names itself): its statement is then built
   * once per isolate (worker/db/isolate-statements.ts, docs/adr/0226-a-fresh-render-builds-nothing-it-built-before.md).
   * Without it (a signed-in reader's own conditions), the statement is built per request.
   */
  shape?: { name: string; values: Record<string, unknown> };
  /**
   * Whether the rows carry the stories' content: false when the cards show no paragraphs (the
   * operation asks for none: worker/graphql/card-content-asked.ts), so the content is neither
   * read nor sent (docs/adr/0189-cards-read-without-their-content.md). Read with it when unset.
   */
  content?: boolean;
}

/** Every column of a post but its content: what a card reads. */
const { content: _content, ...POST_COLUMNS_BUT_CONTENT } = getTableColumns(posts);

/** The list's statement: its conditions, the tag, the cursor and the limit given as values or as placeholders (exported for its unit test). */
export function listSelect(q: DrizzleD1Database, where: SQL[], tagSlug: Bound<string> | null, after: BoundCursor | null, limit: Bound<number>, content = true) {
  const column: SQLiteColumn = tagSlug !== null ? postTags.publishedAt : posts.latestPublishedAt;
  const sortKey = sql<number>`${column}`;
  const conditions = [...where, isNotNull(sortKey)];
  // "time <= at" first, so the cursor starts an index range instead of filtering a scan.
  if (after) conditions.push(lte(sortKey, after.at), or(lt(sortKey, after.at), lt(posts.id, after.id))!);
  // The publication of each story too (a key lookup): a card shows it, and it then costs no
  // round trip after the list (docs/adr/0222-signed-in-story-page-reads.md).
  let query = q
    .select({ post: content ? posts : POST_COLUMNS_BUT_CONTENT, creator: users, collection: collections, sortKey })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.creatorId))
    .leftJoin(collections, eq(collections.id, posts.collectionId))
    .$dynamic();
  if (tagSlug !== null) query = query.innerJoin(postTags, and(eq(postTags.postId, posts.id), eq(postTags.tagSlug, tagSlug)));
  return query
    .where(and(...conditions))
    .orderBy(desc(sortKey), desc(posts.id))
    .limit(limit);
}

/** Up to limit + 1 rows of a list after the request's cursor, best first. */
async function listRows(ctx: RequestContext, request: PageRequest, list: ListQuery): Promise<FeedRow[]> {
  const { after } = request;
  const content = list.content ?? true;
  if (!list.shape) return listSelect(orm(ctx.db), list.where(), list.tagSlug ?? null, after && { at: after.sortKey, id: after.id }, request.limit + 1, content);
  const tag = list.tagSlug !== undefined;
  const shape = `list:${list.shape.name}:${tag ? 'tag' : ''}:${after ? 'after' : ''}:${content ? 'content' : 'cards'}`;
  const values: Record<string, unknown> = { ...list.shape.values, limit: request.limit + 1 };
  if (tag) values.tag = list.tagSlug;
  if (after) cursorValues(after, values);
  const rows = await runShape(
    ctx.db,
    shape,
    (b) =>
      listSelect(
        b,
        list.where(),
        tag ? sql.placeholder('tag') : null,
        after && CURSOR_PLACEHOLDERS,
        sql.placeholder('limit'),
        content,
      ).prepare(),
    values,
  );
  return rows as FeedRow[];
}

/** The placeholder of a list's owner (a writer, a publication) in its shape's conditions. */
const OWNER = sql.placeholder('owner');

/** The page of stories those rows make; their writers and the stories prime the loaders. */
function postPage(ctx: RequestContext, rows: FeedRow[], request: PageRequest): Page<StoryNode> {
  const page = pageOf(rows, request, (row) => ({ sortKey: row.sortKey, id: row.post.id }));
  for (const { creator, collection } of page.items) {
    ctx.loaders.userById.prime(creator.id, creator);
    if (collection) ctx.loaders.collectionById.prime(collection.id, collection);
  }
  return {
    items: page.items.map(({ post }) => {
      const node = sealStoryNode(post);
      ctx.loaders.postById.prime(node.id, node);
      return node;
    }),
    pagingInfo: page.pagingInfo,
  };
}

async function listPosts(ctx: RequestContext, paging: PagingOptions | null | undefined, list: ListQuery): Promise<Page<StoryNode>> {
  const request = pageRequest(paging);
  return postPage(ctx, await listRows(ctx, request, list), request);
}

export async function homeFeedPosts(ctx: RequestContext, mode: HomeFeedMode, paging: PagingOptions | null | undefined): Promise<Page<StoryNode>> {
  const viewer = viewerId(ctx);
  if (mode === 'FOLLOWING' && !viewer) {
    pageRequest(paging); // a bad limit or cursor is still an error when logged out
    return emptyPage();
  }
  // A visitor's latest stories hold nothing of the request: one statement per isolate.
  if (!viewer) return listPosts(ctx, paging, { where: listedToEveryone, shape: { name: 'latest', values: {} } });
  const where = listedToEveryone();
  // "Show less like this" takes a story off every home feed of that reader (negative-signals.ts).
  where.push(notShownLessTo(ctx, viewer));
  if (mode !== 'LATEST') {
    const request = pageRequest(paging);
    const rows = await (mode === 'FOR_YOU' ? forYouRows : followingRows)(ctx, viewer, request, where);
    return postPage(ctx, rows, request);
  }
  where.push(...notMutedBy(ctx, viewer), ...notBlockedWith(ctx, viewer));
  return listPosts(ctx, paging, { where: () => where });
}

/** Muting a writer or publication takes their stories off the viewer's home feed. */
export function notMutedBy(ctx: RequestContext, viewer: string): SQL[] {
  const q = orm(ctx.db);
  const muted = (type: 'USER' | 'COLLECTION') =>
    q
      .select({ id: mutes.targetId })
      .from(mutes)
      .where(and(eq(mutes.muterId, viewer), eq(mutes.targetType, type)));
  return [notInArray(posts.creatorId, muted('USER')), or(isNull(posts.collectionId), notInArray(posts.collectionId, muted('COLLECTION')))!];
}

/**
 * A block either way takes the other writer's stories off the viewer's home feeds: the
 * blocker no longer sees the blocked writer, and the blocked reader is not shown stories
 * they could not open (story-access.ts answers Blocked). `person` names the column to
 * check: a story's writer by default, or a user row (who to follow).
 */
export function notBlockedWith(ctx: RequestContext, viewer: string, person: SQLiteColumn = posts.creatorId): SQL[] {
  const q = orm(ctx.db);
  return [
    notInArray(person, q.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, viewer))),
    notInArray(person, q.select({ id: blocks.blockerId }).from(blocks).where(eq(blocks.blockedId, viewer))),
  ];
}

/** `content`: whether the rows carry the stories' content (ListQuery.content). */
export function writerStories(ctx: RequestContext, user: UserRow, paging: PagingOptions | null | undefined, content = true): Promise<Page<StoryNode>> {
  const author = isViewer(ctx, user.id);
  return listPosts(ctx, paging, {
    where: () => [eq(posts.creatorId, OWNER), ...(author ? listedToAuthor() : listedToEveryone())],
    shape: { name: author ? 'writer:author' : 'writer', values: { owner: user.id } },
    content,
  });
}

export function publicationStories(ctx: RequestContext, collection: CollectionRow, paging: PagingOptions | null | undefined, content = true): Promise<Page<StoryNode>> {
  return listPosts(ctx, paging, { where: () => [eq(posts.collectionId, OWNER), ...listedToEveryone()], shape: { name: 'publication', values: { owner: collection.id } }, content });
}

export function topicStories(ctx: RequestContext, tag: TagRow, paging: PagingOptions | null | undefined, content = true): Promise<Page<StoryNode>> {
  return listPosts(ctx, paging, { where: listedToEveryone, tagSlug: tag.slug, shape: { name: 'topic', values: {} }, content });
}

/** A publication's stories with one tag (page publication-tagged), newest first. */
export function publicationTopicStories(
  ctx: RequestContext,
  collection: CollectionRow,
  tag: TagRow,
  paging: PagingOptions | null | undefined,
): Promise<Page<StoryNode>> {
  return listPosts(ctx, paging, {
    where: () => [eq(posts.collectionId, OWNER), ...listedToEveryone()],
    tagSlug: tag.slug,
    shape: { name: 'publication', values: { owner: collection.id } },
  });
}

/** A page of story rows joined with their writers, primed into the request's loaders. */
export function primedStories(ctx: RequestContext, page: Page<{ post: typeof posts.$inferSelect; creator: UserRow }>): Page<StoryNode> {
  return {
    items: page.items.map(({ post, creator }) => {
      ctx.loaders.userById.prime(creator.id, creator);
      const node = sealStoryNode(post);
      ctx.loaders.postById.prime(node.id, node);
      return node;
    }),
    pagingInfo: page.pagingInfo,
  };
}
