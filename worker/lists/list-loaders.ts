// The lists' per-request loaders (one batched query per page): a list's story count, whether a
// story is in a list, and whether the viewer saved a list. The list writes clear what they change
// (./list-edits.ts).
import DataLoader from 'dataloader';
import { and, count, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { catalogItems, follows, posts } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { orm } from '../db/orm.ts';
import { viewerId } from '../context/viewer-checks.ts';

export interface CatalogLoaders {
  itemCount: DataLoader<string, number>;
  /** `${catalogRowId}|${postId}` → in the list. */
  hasPost: DataLoader<string, boolean>;
  viewerFollows: DataLoader<string, boolean>;
}

const loadersByContext = new WeakMap<object, CatalogLoaders>();

/** The lists' loaders for the request. */
export function listLoaders(ctx: RequestContext): CatalogLoaders {
  let loaders = loadersByContext.get(ctx.loaders);
  if (loaders) return loaders;
  const q = orm(ctx.db);
  const viewer = viewerId(ctx);
  loaders = {
    itemCount: new DataLoader(async (ids) => {
      const rows = await q
        .select({ catalogId: catalogItems.catalogId, n: count() })
        .from(catalogItems)
        .innerJoin(posts, eq(posts.id, catalogItems.postId))
        .where(and(inArray(catalogItems.catalogId, [...ids]), ...storyStillListed()))
        .groupBy(catalogItems.catalogId);
      const byId = new Map(rows.map((r) => [r.catalogId, r.n]));
      return ids.map((id) => byId.get(id) ?? 0);
    }, { maxBatchSize: 90 }),
    hasPost: new DataLoader(async (keys) => {
      const pairs = keys.map((key) => key.split('|') as [string, string]);
      const rows = await q
        .select({ catalogId: catalogItems.catalogId, postId: catalogItems.postId })
        .from(catalogItems)
        .where(and(inArray(catalogItems.catalogId, [...new Set(pairs.map((p) => p[0]))]), inArray(catalogItems.postId, [...new Set(pairs.map((p) => p[1]))])));
      const found = new Set(rows.map((r) => `${r.catalogId}|${r.postId}`));
      return keys.map((key) => found.has(key));
    }, { maxBatchSize: 45 }),
    viewerFollows: new DataLoader(async (ids) => {
      if (!viewer) return ids.map(() => false);
      const rows = await q
        .select({ id: follows.targetId })
        .from(follows)
        .where(and(eq(follows.followerId, viewer), eq(follows.targetType, 'CATALOG'), inArray(follows.targetId, [...ids])));
      const found = new Set(rows.map((r) => r.id));
      return ids.map((id) => found.has(id));
    }, { maxBatchSize: 90 }),
  };
  loadersByContext.set(ctx.loaders, loaders);
  return loaders;
}

/** A saved story shows while it is published and not in the trash. */
export function storyStillListed(): SQL[] {
  return [eq(posts.status, 'PUBLISHED'), isNull(posts.deletedAt), eq(posts.isSuspended, false)];
}
