// The signed-in home feeds built from the viewer's follows: Following (followed stories,
// newest first) and For you (every listed story, followed ones boosted). Each page is one
// SQL statement whose cost follows the page size and the viewer's follows, never the
// size of the catalogue (docs/reader.md, "Home, topics and feeds"; bench/scale.bench.mjs):
//
// - The viewer's follows, mutes and blocks are read once per statement into a small
//   table (viewer_edges), and every filter reads that table.
// - Followed stories are read source by source: for each followed writer, publication
//   and topic, its newest stories from that source's own index (posts_by_creator,
//   posts_by_collection, post_tags_by_tag), at most one page each, merged.
// - For you adds the newest stories of all (posts_latest), one page, and ranks the two
//   candidate sets together; the proof that the page is exact is in rankedForYou.
//
// Every branch applies the full "listed, not muted, not blocked" filter before its LIMIT:
// a branch that dropped rows after its LIMIT could leave the page short.

import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { blocks, follows, mutes, posts, postTags, tags, users, type CollectionRow, type UserRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { orm } from '../db/orm.ts';
import type { StoryRow } from '../db/story-node.ts';
import type { Cursor, PageRequest } from '../context/paging.ts';

/**
 * FOR_YOU ranking (the logged-in home's default tab): every story LATEST holds, minus
 * mutes and blocks, ordered by publication time plus this boost when it comes from a
 * followed writer, publication or topic. Followed stories thus lead the feed for a week
 * after they appear and the latest stories fill in around them; the score is a plain
 * number, so the feed pages with the same keyset cursor as every other list.
 */
export const FOR_YOU_FOLLOW_BOOST_MS = 7 * 24 * 60 * 60 * 1000;

/** A list's row: the story, its writer and (when the list read it) its publication, primed into the loaders. */
/** A list's row; its post read without the content when its cards show no paragraphs (story-lists.ts). */
export type FeedRow = { post: StoryRow; creator: UserRow; collection?: CollectionRow | null; sortKey: number };

/**
 * The viewer's edges, one row each: kind USER, COLLECTION or TAG (a follow; a tag by its
 * slug, the key post_tags uses), MUTED_USER, MUTED_COLLECTION, or BLOCKED (a block
 * either way). A few dozen rows for a typical reader, read once per statement.
 */
function viewerEdges(ctx: RequestContext, viewer: string) {
  return orm(ctx.db)
    .$with('viewer_edges', { kind: sql<string>`kind`, id: sql<string>`id` })
    .as(
      sql`SELECT ${follows.targetType} AS kind, ${follows.targetId} AS id FROM ${follows}
          WHERE ${follows.followerId} = ${viewer} AND ${follows.targetType} IN ('USER', 'COLLECTION')
        UNION ALL SELECT 'TAG', ${tags.slug} FROM ${follows} JOIN ${tags} ON ${tags.id} = ${follows.targetId}
          WHERE ${follows.followerId} = ${viewer} AND ${follows.targetType} = 'TAG'
        UNION ALL SELECT 'MUTED_' || ${mutes.targetType}, ${mutes.targetId} FROM ${mutes} WHERE ${mutes.muterId} = ${viewer}
        UNION ALL SELECT 'BLOCKED', ${blocks.blockedId} FROM ${blocks} WHERE ${blocks.blockerId} = ${viewer}
        UNION ALL SELECT 'BLOCKED', ${blocks.blockerId} FROM ${blocks} WHERE ${blocks.blockedId} = ${viewer}`,
    );
}

const edgesOf = (kinds: string) => sql.raw(`(SELECT id FROM viewer_edges WHERE kind IN (${kinds}))`);

/** Muted writers and publications and blocked people (either way) leave every home feed. */
function notHidden(): SQL[] {
  return [
    sql`${posts.creatorId} NOT IN ${edgesOf(`'MUTED_USER', 'BLOCKED'`)}`,
    sql`(${posts.collectionId} IS NULL OR ${posts.collectionId} NOT IN ${edgesOf(`'MUTED_COLLECTION'`)})`,
  ];
}

/** The story in `posts` comes from a followed writer, publication or topic (a per-row check: a few index probes). */
function isFollowed(): SQL {
  return sql`(${posts.creatorId} IN ${edgesOf(`'USER'`)}
    OR (${posts.collectionId} IS NOT NULL AND ${posts.collectionId} IN ${edgesOf(`'COLLECTION'`)})
    OR EXISTS (SELECT 1 FROM ${postTags} WHERE ${postTags.postId} = ${posts.id} AND ${postTags.tagSlug} IN ${edgesOf(`'TAG'`)}))`;
}

/** (time, id) strictly after the cursor in (time DESC, id DESC) order, written so the time bound is an index range. */
function after(time: SQLiteColumn, id: SQLiteColumn, cursor: Cursor | null): SQL {
  if (!cursor) return sql`${time} IS NOT NULL`;
  return sql`${time} <= ${cursor.sortKey} AND (${time} < ${cursor.sortKey} OR ${id} < ${cursor.id})`;
}

/**
 * Up to `count` followed stories after `cursor` (by time), as rows (id, t), newest first.
 * Each followed source gives at most `count` stories from its own index range, so the
 * statement reads at most (follows × count) index entries however large the catalogue.
 */
function followedStories(listed: SQL[], cursor: Cursor | null, count: number): SQL {
  const visible = and(...listed, ...notHidden());
  const byTime = sql`ORDER BY ${posts.latestPublishedAt} DESC, ${posts.id} DESC LIMIT ${count}`;
  // Per edge e of one kind, the newest visible stories of that source (the inner SELECT,
  // re-run per edge), then their times from posts_listing. Every index named here covers
  // the columns read (migrations/0008_feed_covering_indexes.sql); INDEXED BY and CROSS
  // JOIN pin that plan: left to itself SQLite may walk posts_latest for each topic, which
  // reads the whole catalogue.
  const perEdge = (kind: 'USER' | 'COLLECTION' | 'TAG', newestOfSource: SQL) =>
    sql`SELECT p.id AS id, p.latest_published_at AS t FROM viewer_edges AS e CROSS JOIN ${posts} AS p INDEXED BY posts_listing
      WHERE e.kind = ${sql.raw(`'${kind}'`)} AND p.id IN (${newestOfSource})`;
  const fromWriter = sql`SELECT ${posts.id} FROM ${posts} INDEXED BY posts_by_creator CROSS JOIN ${users} ON ${users.id} = ${posts.creatorId}
    WHERE ${posts.creatorId} = e.id AND ${after(posts.latestPublishedAt, posts.id, cursor)} AND ${visible} ${byTime}`;
  const fromPublication = sql`SELECT ${posts.id} FROM ${posts} INDEXED BY posts_by_collection CROSS JOIN ${users} ON ${users.id} = ${posts.creatorId}
    WHERE ${posts.collectionId} = e.id AND ${after(posts.latestPublishedAt, posts.id, cursor)} AND ${visible} ${byTime}`;
  const fromTopic = sql`SELECT ${postTags.postId} FROM ${postTags} INDEXED BY post_tags_by_tag
      CROSS JOIN ${posts} INDEXED BY posts_listing ON ${posts.id} = ${postTags.postId} CROSS JOIN ${users} ON ${users.id} = ${posts.creatorId}
    WHERE ${postTags.tagSlug} = e.id AND ${after(postTags.publishedAt, postTags.postId, cursor)} AND ${visible}
    ORDER BY ${postTags.publishedAt} DESC, ${postTags.postId} DESC LIMIT ${count}`;
  return sql`SELECT id, t FROM (
      ${perEdge('USER', fromWriter)}
      UNION ${perEdge('COLLECTION', fromPublication)}
      UNION ${perEdge('TAG', fromTopic)}
    ) ORDER BY t DESC, id DESC LIMIT ${count}`;
}

/**
 * For you after `cursor`: candidates (id, score) from two bounded reads, ranked together.
 *
 * F = the next `count` followed stories by score (time + boost): followedStories with the
 * cursor moved back by the boost. L = the next `count` stories by time, each scored
 * (boosted when followed), leaving out followed stories whose boosted score puts them at
 * or before the cursor (earlier pages showed them). On the first page L is simply the
 * newest stories.
 *
 * The best `count` of F ∪ L are the best `count` stories after the cursor. A followed
 * story outside F is outranked by the `count` stories of F. A story x not followed and
 * outside L is older than the `count` stories of L, and each of them scores at least its
 * time, so each outranks x and is after the cursor (L holds nothing shown before).
 */
function rankedForYou(listed: SQL[], cursor: Cursor | null, count: number): SQL {
  const boost = FOR_YOU_FOLLOW_BOOST_MS;
  const followedCursor = cursor && { sortKey: cursor.sortKey - boost, id: cursor.id };
  const shownBefore = cursor
    ? sql`AND NOT (${posts.latestPublishedAt} + ${boost} >= ${cursor.sortKey}
        AND (${posts.latestPublishedAt} + ${boost} > ${cursor.sortKey} OR ${posts.id} >= ${cursor.id}) AND ${isFollowed()})`
    : sql``;
  return sql`SELECT id, t + ${boost} AS score FROM (${followedStories(listed, followedCursor, count)})
    UNION
    SELECT id, score FROM (
      SELECT ${posts.id} AS id, ${posts.latestPublishedAt} + CASE WHEN ${isFollowed()} THEN ${boost} ELSE 0 END AS score
      FROM ${posts} INDEXED BY posts_latest CROSS JOIN ${users} ON ${users.id} = ${posts.creatorId}
      WHERE ${after(posts.latestPublishedAt, posts.id, cursor)} AND ${and(...listed, ...notHidden())} ${shownBefore}
      ORDER BY ${posts.latestPublishedAt} DESC, ${posts.id} DESC LIMIT ${count})`;
}

/** The stories of a ranked candidate set (id, score), best first, with their writers. */
function rankedRows(ctx: RequestContext, viewer: string, candidates: SQL, count: number): Promise<FeedRow[]> {
  return orm(ctx.db)
    .with(viewerEdges(ctx, viewer))
    .select({ post: posts, creator: users, sortKey: sql<number>`ranked.score` })
    .from(sql`(${candidates}) AS ranked`)
    .crossJoin(posts)
    .crossJoin(users)
    .where(and(sql`${posts.id} = ranked.id`, eq(users.id, posts.creatorId)))
    .orderBy(sql`ranked.score DESC`, sql`ranked.id DESC`)
    .limit(count);
}

/** A page of For you (limit + 1 rows); `listed` says what any list may hold (post-lists.ts). */
export function forYouRows(ctx: RequestContext, viewer: string, request: PageRequest, listed: SQL[]): Promise<FeedRow[]> {
  const count = request.limit + 1;
  return rankedRows(ctx, viewer, rankedForYou(listed, request.after, count), count);
}

/** A page of Following (limit + 1 rows): followed stories only, newest first. */
export function followingRows(ctx: RequestContext, viewer: string, request: PageRequest, listed: SQL[]): Promise<FeedRow[]> {
  const count = request.limit + 1;
  return rankedRows(ctx, viewer, sql`SELECT id, t AS score FROM (${followedStories(listed, request.after, count)})`, count);
}
