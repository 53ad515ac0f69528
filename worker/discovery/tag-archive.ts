// A tag's archive (docs/product/3-routes-data-calls-constants.md §2.3, §2.5): its stories
// published in a year, a month of it or a day of that, newest first.
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { posts, postTags, users, type TagRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { emptyPage, pageOf, pageRequest, type Page, type PagingOptions } from '../context/paging.ts';
import { listedToEveryone, primedStories } from '../stories/story-lists.ts';
import type { StoryNode } from '../stories/content-gate.ts';
import { after } from '../db/conditions.ts';
import { archivePeriod } from './periods.ts';

/** A tag's stories published in the period, newest first, keyset-paged on post_tags_by_tag. */
async function tagArchive(ctx: RequestContext, tag: TagRow, from: number, to: number, paging: PagingOptions | null | undefined): Promise<Page<StoryNode>> {
  const request = pageRequest(paging);
  const rows = await orm(ctx.db)
    .select({ post: posts, creator: users, publishedAt: postTags.publishedAt })
    .from(postTags)
    .innerJoin(posts, eq(posts.id, postTags.postId))
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(
      and(
        eq(postTags.tagSlug, tag.slug),
        gte(postTags.publishedAt, from),
        lt(postTags.publishedAt, to),
        ...listedToEveryone(),
        ...after(postTags.publishedAt, postTags.postId, request.after),
      ),
    )
    .orderBy(desc(postTags.publishedAt), desc(postTags.postId))
    .limit(request.limit + 1);
  return primedStories(ctx, pageOf(rows, request, (row) => ({ sortKey: row.publishedAt ?? 0, id: row.post.id })));
}

/** The tag's archive of a year, a month of it or a day of that (UTC); an impossible period is empty. */
export async function tagArchivePosts(
  ctx: RequestContext,
  tag: TagRow,
  period: { year: number; month?: number | null; day?: number | null },
  paging: PagingOptions | null | undefined,
): Promise<Page<StoryNode>> {
  const range = archivePeriod(period.year, period.month, period.day);
  if (!range) return emptyPage();
  return tagArchive(ctx, tag, range.from, range.to, paging);
}
