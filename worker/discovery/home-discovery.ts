// Discovery on the home pages: what they offer a reader to find next — follow suggestions (who
// to follow), trending stories and topics of the logged-out home
// (docs/product/1-product-screens-membership-header-search.md §4, §7). Read-only; the follows they
// lead to are written by the follows capability.

import { and, desc, eq, gte, isNull, notInArray, sql } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { collections, follows, mutes, posts, tags, users, type CollectionRow, type TagRow, type UserRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { badRequest } from '../context/errors.ts';
import type { StoryNode } from '../stories/content-gate.ts';
import { notBlockedWith } from '../stories/story-lists.ts';
import { viewerId } from '../context/viewer-checks.ts';
import { trending } from './trending.ts';

/** Trending on the logged-out home: stories published in this many days (see trendingPosts). */
export const TRENDING_DAYS = 30;
const MAX_SUGGESTIONS = 20;
const MAX_TRENDING = 12;
const MAX_HOME_TOPICS = 30;

function limitOf(limit: number | null | undefined, fallback: number, max: number): number {
  const value = limit ?? fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) throw badRequest(`limit must be between 1 and ${max} (got ${value}).`);
  return value;
}

export interface FollowSuggestions {
  users: UserRow[];
  collections: CollectionRow[];
}

/**
 * Who to follow: writers with published stories and publications, most followed first,
 * leaving out what the viewer already follows or mutes, and the viewer themselves.
 * Logged out, simply the most followed (nothing viewer-specific).
 */
export async function followSuggestions(ctx: RequestContext, requestedLimit: number | null | undefined): Promise<FollowSuggestions> {
  const limit = limitOf(requestedLimit, 5, MAX_SUGGESTIONS);
  const q = orm(ctx.db);
  const viewer = viewerId(ctx);
  const edgeTargets = (type: 'USER' | 'COLLECTION') =>
    viewer
      ? [
          notInArray(
            type === 'USER' ? users.id : collections.id,
            q.select({ id: follows.targetId }).from(follows).where(and(eq(follows.followerId, viewer), eq(follows.targetType, type))),
          ),
          notInArray(
            type === 'USER' ? users.id : collections.id,
            q.select({ id: mutes.targetId }).from(mutes).where(and(eq(mutes.muterId, viewer), eq(mutes.targetType, type))),
          ),
        ]
      : [];
  // INDEXED BY: left to itself SQLite answers this per-writer probe from posts_latest (every
  // published story, for every writer: minutes at 50,000 stories); posts_by_creator makes
  // it one short index range per writer (bench/scale.bench.mjs).
  const hasStories = sql`EXISTS (SELECT 1 FROM ${posts} INDEXED BY posts_by_creator WHERE ${posts.creatorId} = ${users.id} AND ${posts.status} = 'PUBLISHED' AND ${posts.deletedAt} IS NULL AND ${posts.inResponseToPostId} IS NULL AND ${posts.inResponseToCatalogId} IS NULL)`;
  const [writers, publications] = await Promise.all([
    q
      .select()
      .from(users)
      .where(and(eq(users.isSuspended, false), isNull(users.deletedAt), hasStories, ...(viewer ? [sql`${users.id} <> ${viewer}`, ...notBlockedWith(ctx, viewer, users.id)] : []), ...edgeTargets('USER')))
      .orderBy(desc(users.followerCount), users.id)
      .limit(limit),
    q
      .select()
      .from(collections)
      .where(and(...edgeTargets('COLLECTION')))
      .orderBy(desc(collections.followerCount), collections.id)
      .limit(limit),
  ]);
  for (const user of writers) ctx.loaders.userById.prime(user.id, user);
  for (const collection of publications) ctx.loaders.collectionById.prime(collection.id, collection);
  return { users: writers, collections: publications };
}

/**
 * Trending (the logged-out home): the stories published in the last TRENDING_DAYS days (the
 * month of /trending) with the most claps, ties to the newer story; when fewer stories appeared
 * in the window (a quiet site), the most clapped stories of all time fill the list, so the
 * section is never empty.
 */
export async function trendingPosts(ctx: RequestContext, requestedLimit: number | null | undefined): Promise<StoryNode[]> {
  // The month's ranking of /trending (trending.ts): the top of posts_trending_month, so the cost
  // is the shown stories', not the window's (bench/scale.bench.mjs: the home page's query used to
  // read and sort every story of the 30 days, and every published story when it filled a quiet
  // window; docs/scale.md).
  return trending(ctx, 'MONTH', null, limitOf(requestedLimit, 6, MAX_TRENDING));
}

/** Topics to explore on the home pages: the tags with the most stories. */
export async function homeTopics(ctx: RequestContext, requestedLimit: number | null | undefined): Promise<TagRow[]> {
  const limit = limitOf(requestedLimit, 12, MAX_HOME_TOPICS);
  const rows = await orm(ctx.db).select().from(tags).where(gte(tags.postCount, 1)).orderBy(desc(tags.postCount), tags.slug).limit(limit);
  for (const tag of rows) ctx.loaders.tagBySlug.prime(tag.slug, tag);
  return rows;
}
