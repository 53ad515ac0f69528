// The writer's own lists of /me/stories/{drafts,public,unlisted,responses}: their stories of one
// kind, most recently changed first, to the writer alone.
import { and, desc, eq, inArray, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { posts, users } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { pageOf, pageRequest, type Page, type PagingOptions } from '../context/paging.ts';
import { sealStoryNode, type StoryNode } from './content-gate.ts';

export type YourStoriesFilter = 'DRAFTS' | 'PUBLIC' | 'UNLISTED' | 'RESPONSES';

function filterWhere(filter: YourStoriesFilter): SQL[] {
  const story = [isNull(posts.inResponseToPostId), isNull(posts.inResponseToCatalogId)];
  switch (filter) {
    case 'DRAFTS':
      return [eq(posts.status, 'DRAFT'), ...story];
    case 'PUBLIC':
      return [eq(posts.status, 'PUBLISHED'), inArray(posts.visibility, ['PUBLIC', 'LOCKED']), ...story];
    case 'UNLISTED':
      return [eq(posts.status, 'PUBLISHED'), eq(posts.visibility, 'UNLISTED'), ...story];
    case 'RESPONSES':
      return [eq(posts.status, 'PUBLISHED'), or(isNotNull(posts.inResponseToPostId), isNotNull(posts.inResponseToCatalogId))!];
  }
}

/** Viewer only (null for anyone else): the viewer's stories of one kind, newest first. */
export async function yourStories(ctx: RequestContext, userId: string, filter: YourStoriesFilter, paging: PagingOptions | null | undefined): Promise<Page<StoryNode> | null> {
  if (ctx.viewer.user?.id !== userId) return null;
  const request = pageRequest(paging);
  const conditions = [eq(posts.creatorId, userId), isNull(posts.deletedAt), ...filterWhere(filter)];
  if (request.after) {
    const { sortKey: at, id } = request.after;
    conditions.push(or(lt(posts.updatedAt, at), and(eq(posts.updatedAt, at), lt(posts.id, id)))!);
  }
  const rows = await orm(ctx.db)
    .select({ post: posts, creator: users })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(and(...conditions))
    .orderBy(desc(posts.updatedAt), desc(posts.id))
    .limit(request.limit + 1);
  for (const row of rows) ctx.loaders.userById.prime(row.creator.id, row.creator);
  const nodes: StoryNode[] = rows.map((row) => sealStoryNode(row.post));
  return pageOf(nodes, request, (post) => ({ sortKey: post.updatedAt, id: post.id }));
}
