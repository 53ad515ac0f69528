// A list's stories, keyset-paged, primed into the request's loaders.

import { and, desc, eq } from 'drizzle-orm';
import { catalogItems, catalogs, posts, users } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { orm } from '../db/orm.ts';
import { pageOf, pageRequest, type Page, type PagingOptions } from '../context/paging.ts';
import type { StoryNode } from '../stories/content-gate.ts';
import { listedToEveryone, primedStories } from '../stories/story-lists.ts';
import { after } from '../db/conditions.ts';

export type CatalogRow = typeof catalogs.$inferSelect;

/** A list's stories, most recently added first (only stories any list may show). */
export async function listStories(ctx: RequestContext, catalog: CatalogRow, paging: PagingOptions | null | undefined): Promise<Page<StoryNode>> {
  const request = pageRequest(paging);
  const rows = await orm(ctx.db)
    .select({ post: posts, creator: users, addedAt: catalogItems.createdAt, itemId: catalogItems.id })
    .from(catalogItems)
    .innerJoin(posts, eq(posts.id, catalogItems.postId))
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(and(eq(catalogItems.catalogId, catalog.id), ...listedToEveryone(), ...after(catalogItems.createdAt, catalogItems.id, request.after)))
    .orderBy(desc(catalogItems.createdAt), desc(catalogItems.id))
    .limit(request.limit + 1);
  return primedStories(ctx, pageOf(rows, request, (row) => ({ sortKey: row.addedAt, id: row.itemId })));
}
