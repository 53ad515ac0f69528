// The profile tabs that list something other than the writer's own stories
// (docs/product/3-routes-data-calls-constants.md §2.6, §2.11): Has recommended (the stories the
// user clapped for, most recent clap first) and Responses (the user's responses, newest first,
// each with the story it answers). Each is one keyset-paged query over an index of its own
// (migrations/0015_reader.sql), so a page costs the same whatever the size of the site.
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { claps, posts, users } from '../db/schema.ts';
import { orm } from '../db/orm.ts';
import type { RequestContext } from '../context/request-context.ts';
import { pageOf, pageRequest, type Page, type PagingOptions } from '../context/paging.ts';
import { listedToEveryone } from './story-lists.ts';
import type { StoryNode } from './content-gate.ts';
import { after } from '../db/conditions.ts';
import { primedStories } from './story-lists.ts';

/** Stories the user clapped for, most recent clap first (ties: newer story id first). */
export async function recommendedStories(ctx: RequestContext, userId: string, paging: PagingOptions | null | undefined): Promise<Page<StoryNode>> {
  const request = pageRequest(paging);
  const rows = await orm(ctx.db)
    .select({ post: posts, creator: users, clappedAt: claps.updatedAt })
    .from(claps)
    .innerJoin(posts, eq(posts.id, claps.postId))
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(and(eq(claps.userId, userId), ...listedToEveryone(), ...after(claps.updatedAt, claps.postId, request.after)))
    .orderBy(desc(claps.updatedAt), desc(claps.postId))
    .limit(request.limit + 1);
  return primedStories(ctx, pageOf(rows, request, (row) => ({ sortKey: row.clappedAt, id: row.post.id })));
}

const parent = alias(posts, 'parent');

/**
 * The user's published responses to stories, newest first. A response whose story is gone
 * (deleted, back to draft, suspended) is left out: the tab links each response to its story.
 */
export async function responsesBy(ctx: RequestContext, userId: string, paging: PagingOptions | null | undefined): Promise<Page<StoryNode>> {
  const request = pageRequest(paging);
  const rows = await orm(ctx.db)
    .select({ post: posts, creator: users })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.creatorId))
    .innerJoin(parent, eq(parent.id, posts.inResponseToPostId))
    .where(
      and(
        eq(posts.creatorId, userId),
        isNotNull(posts.inResponseToPostId),
        eq(posts.status, 'PUBLISHED'),
        isNull(posts.deletedAt),
        eq(posts.isSuspended, false),
        eq(users.isSuspended, false),
        isNull(users.deletedAt),
        eq(parent.status, 'PUBLISHED'),
        isNull(parent.deletedAt),
        eq(parent.isSuspended, false),
        isNotNull(posts.firstPublishedAt),
        ...after(posts.firstPublishedAt, posts.id, request.after),
      ),
    )
    .orderBy(desc(posts.firstPublishedAt), desc(posts.id))
    .limit(request.limit + 1);
  return primedStories(ctx, pageOf(rows, request, (row) => ({ sortKey: row.post.firstPublishedAt ?? 0, id: row.post.id })));
}
