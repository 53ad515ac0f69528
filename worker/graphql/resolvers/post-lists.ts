// Lists of stories: the home feed (LATEST, FOLLOWING), a writer's stories, a
// publication's stories, a tag's stories. One keyset-paged query each; the creators
// come back in the same query and prime the user loader.
//
// What a list may hold is decided here once (listedToEveryone): published, not trashed,
// not a response, not unlisted, not suspended, by an account neither suspended nor
// deleted. Drafts and trash never appear in any list, for anyone.

import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { blocks, follows, mutes, posts, postTags, tags, users, type CollectionRow, type TagRow, type UserRow } from '../../db/schema.ts';
import type { GraphQLContext } from '../context.ts';
import { orm } from '../../db/orm.ts';
import { emptyPage, pageOf, pageRequest, type Page, type PageRequest, type PagingOptions } from './paging.ts';
import { sealPostNode, type PostNode } from './post-content.ts';
import { isViewer, viewerId } from './viewer.ts';

export type HomeFeedMode = 'LATEST' | 'FOLLOWING' | 'FOR_YOU';

/**
 * FOR_YOU ranking (the logged-in home's default tab): every story LATEST holds, minus
 * mutes, ordered by publication time plus this boost when it comes from a followed writer,
 * publication or topic. Followed stories thus lead the feed for a week after they appear
 * and the latest stories fill in around them; the score is a plain number, so the feed
 * pages with the same keyset cursor as every other list.
 */
export const FOR_YOU_FOLLOW_BOOST_MS = 7 * 24 * 60 * 60 * 1000;

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
function listedToAuthor(): SQL[] {
  // Responses (to a story or to a list) are not stories: they live in their threads.
  return [eq(posts.status, 'PUBLISHED'), isNull(posts.deletedAt), isNull(posts.inResponseToPostId), isNull(posts.inResponseToCatalogId)];
}

interface ListQuery {
  where: SQL[];
  /** A tag's list reads the tag links (their publication time is indexed per tag). */
  tagSlug?: string;
  /** A ranking score (newest first by default); the cursor carries it. */
  sortKey?: SQL<number>;
}

type ListRow = { post: typeof posts.$inferSelect; creator: UserRow; sortKey: number };

/** Up to limit + 1 rows of a list after the request's cursor, best first. */
async function listRows(ctx: GraphQLContext, request: PageRequest, list: ListQuery): Promise<ListRow[]> {
  const column: SQLiteColumn = list.tagSlug ? postTags.publishedAt : posts.latestPublishedAt;
  const sortKey: SQL<number> = list.sortKey ?? sql<number>`${column}`;
  const conditions = [...list.where, isNotNull(sortKey)];
  if (request.after) {
    const { sortKey: at, id } = request.after;
    conditions.push(or(lt(sortKey, at), and(eq(sortKey, at), lt(posts.id, id)))!);
  }
  let query = orm(ctx.db)
    .select({ post: posts, creator: users, sortKey })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.creatorId))
    .$dynamic();
  if (list.tagSlug) query = query.innerJoin(postTags, and(eq(postTags.postId, posts.id), eq(postTags.tagSlug, list.tagSlug)));
  return query
    .where(and(...conditions))
    .orderBy(desc(sortKey), desc(posts.id))
    .limit(request.limit + 1);
}

/** The page of stories those rows make; their writers and the stories prime the loaders. */
function postPage(ctx: GraphQLContext, rows: ListRow[], request: PageRequest): Page<PostNode> {
  const page = pageOf(rows, request, (row) => ({ sortKey: row.sortKey, id: row.post.id }));
  for (const { creator } of page.items) ctx.loaders.userById.prime(creator.id, creator);
  return {
    items: page.items.map(({ post }) => {
      const node = sealPostNode(post);
      ctx.loaders.postById.prime(node.id, node);
      return node;
    }),
    pagingInfo: page.pagingInfo,
  };
}

async function listPosts(ctx: GraphQLContext, paging: PagingOptions | null | undefined, list: ListQuery): Promise<Page<PostNode>> {
  const request = pageRequest(paging);
  return postPage(ctx, await listRows(ctx, request, list), request);
}

/**
 * FOR_YOU as two lists merged by score: stories from follows (score = time + boost) and
 * every other story (score = time). Each is read in its own order and stops at limit + 1,
 * so the best limit + 1 of the merge are among them. One query scoring every story
 * instead sorts the whole catalogue on each page (bench/scale.bench.mjs: 13x slower at
 * 50,000 stories than at 1,000).
 */
async function forYouPosts(ctx: GraphQLContext, paging: PagingOptions | null | undefined, where: SQL[], viewer: string): Promise<Page<PostNode>> {
  const request = pageRequest(paging);
  const followed = followedBy(ctx, viewer);
  // Stories from follows are read in time order (the posts_latest index; ordering by the
  // score expression would sort them all), so their cursor moves back by the boost.
  const boost = FOR_YOU_FOLLOW_BOOST_MS;
  const inTime: PageRequest = { ...request, after: request.after && { ...request.after, sortKey: request.after.sortKey - boost } };
  const [fromFollows, others] = await Promise.all([
    listRows(ctx, inTime, { where: [...where, followed] }),
    // A story in no publication makes "collection_id IN (…)" NULL, and NOT NULL is NULL: coalesce.
    listRows(ctx, request, { where: [...where, sql`NOT COALESCE(${followed}, 0)`] }),
  ]);
  const merged = [...fromFollows.map((row) => ({ ...row, sortKey: row.sortKey + boost })), ...others].sort((a, b) => b.sortKey - a.sortKey || (a.post.id < b.post.id ? 1 : a.post.id > b.post.id ? -1 : 0));
  return postPage(ctx, merged.slice(0, request.limit + 1), request);
}

export async function homeFeedPosts(ctx: GraphQLContext, mode: HomeFeedMode, paging: PagingOptions | null | undefined): Promise<Page<PostNode>> {
  const viewer = viewerId(ctx);
  if (mode === 'FOLLOWING' && !viewer) {
    pageRequest(paging); // a bad limit or cursor is still an error when logged out
    return emptyPage();
  }
  const where = listedToEveryone();
  if (viewer) where.push(...notMutedBy(ctx, viewer), ...notBlockedWith(ctx, viewer));
  if (mode === 'FOLLOWING' && viewer) where.push(followedBy(ctx, viewer));
  if (mode === 'FOR_YOU' && viewer) return forYouPosts(ctx, paging, where, viewer);
  return listPosts(ctx, paging, { where });
}

/** Muting a writer or publication takes their stories off the viewer's home feed. */
export function notMutedBy(ctx: GraphQLContext, viewer: string): SQL[] {
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
 * they could not open (post-access.ts answers Blocked). `person` names the column to
 * check: a story's writer by default, or a user row (who to follow).
 */
export function notBlockedWith(ctx: GraphQLContext, viewer: string, person: SQLiteColumn = posts.creatorId): SQL[] {
  const q = orm(ctx.db);
  return [
    notInArray(person, q.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, viewer))),
    notInArray(person, q.select({ id: blocks.blockerId }).from(blocks).where(eq(blocks.blockedId, viewer))),
  ];
}

/** Stories by followed writers, in followed publications, or with a followed tag. */
function followedBy(ctx: GraphQLContext, viewer: string): SQL {
  const q = orm(ctx.db);
  const followed = (type: 'USER' | 'COLLECTION' | 'TAG') =>
    q
      .select({ id: follows.targetId })
      .from(follows)
      .where(and(eq(follows.followerId, viewer), eq(follows.targetType, type)));
  const withFollowedTag = q
    .select({ id: postTags.postId })
    .from(postTags)
    .innerJoin(tags, eq(tags.slug, postTags.tagSlug))
    .where(inArray(tags.id, followed('TAG')));
  return or(
    inArray(posts.creatorId, followed('USER')),
    inArray(posts.collectionId, followed('COLLECTION')),
    inArray(posts.id, withFollowedTag),
  )!;
}

export function userPosts(ctx: GraphQLContext, user: UserRow, paging: PagingOptions | null | undefined): Promise<Page<PostNode>> {
  const visible = isViewer(ctx, user.id) ? listedToAuthor() : listedToEveryone();
  return listPosts(ctx, paging, { where: [eq(posts.creatorId, user.id), ...visible] });
}

export function collectionPosts(ctx: GraphQLContext, collection: CollectionRow, paging: PagingOptions | null | undefined): Promise<Page<PostNode>> {
  return listPosts(ctx, paging, { where: [eq(posts.collectionId, collection.id), ...listedToEveryone()] });
}

export function tagPosts(ctx: GraphQLContext, tag: TagRow, paging: PagingOptions | null | undefined): Promise<Page<PostNode>> {
  return listPosts(ctx, paging, { where: listedToEveryone(), tagSlug: tag.slug });
}

/** A publication's stories with one tag (page publication-tagged), newest first. */
export function collectionTaggedPosts(
  ctx: GraphQLContext,
  collection: CollectionRow,
  tag: TagRow,
  paging: PagingOptions | null | undefined,
): Promise<Page<PostNode>> {
  return listPosts(ctx, paging, { where: [eq(posts.collectionId, collection.id), ...listedToEveryone()], tagSlug: tag.slug });
}
