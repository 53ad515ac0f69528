// /collections/{catalogSlug} (docs/product/3-routes-data-calls-constants.md §2.1, page
// curated-catalog): a public list addressed from the lists library (/collections). A list's own
// page is on its creator's site (/@{username}/list/{catalogSlugId}), so this address answers a
// permanent redirect there when {catalogSlug} is a public list's slug-id ({name-slug}-{id}, or
// its id alone) — one page per list, whichever address a link used. Anything else (no such list,
// a private one, a predefined Reading list) falls through to the page pipeline's 404 page.
import type { Hono } from 'hono';
import type { Env } from '../env.ts';
import { mainOrigin } from '../env.ts';
import { requestHost, resolveViewer } from '../session/viewer.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { executeInProcess } from '../graphql/in-process.ts';
import { buildLink } from '../../shared/routing/links.ts';

const CATALOG = `query CuratedCatalog($id: ID!) { catalog(id: $id) { id visibility predefined slugId creator { username } } }`;
/** A list's own id (12 hex digits, worker/lib/ids.ts): the slug-id's last part. */
const ID_AT_END = /(?:^|-)([0-9a-f]{12})$/;

interface CatalogFound {
  visibility: string;
  predefined: string | null;
  slugId: string;
  creator: { username: string };
}

export function catalogIdFromSlug(slug: string): string | null {
  return ID_AT_END.exec(slug)?.[1] ?? null;
}

export function mountListAddresses(app: Hono<{ Bindings: Env }>): void {
  app.get('/collections/:catalogSlug', async (c, next) => {
    if (requestHost(c.req.raw) !== c.env.MAIN_HOST.toLowerCase()) return next();
    const id = catalogIdFromSlug(c.req.param('catalogSlug'));
    if (!id) return next();
    // Logged out on purpose: only a list anyone may see has a public address.
    const viewer = await resolveViewer(c.env.DB, new Request(c.req.url));
    const result = await executeInProcess(CATALOG, { id }, requestContextFor({ db: c.env.DB, env: c.env, viewer }));
    const catalog = (result.data?.catalog ?? null) as CatalogFound | null;
    if (!catalog || catalog.visibility !== 'PUBLIC' || catalog.predefined) return next();
    const ctx = { hostKind: 'default', mainOrigin: mainOrigin(c.env), hostUsername: null, hostCollectionSlug: null } as const;
    const target = buildLink('ShowUserList', { username: catalog.creator.username, catalogSlugId: catalog.slugId }, ctx);
    return c.redirect(target.startsWith('http') ? target : mainOrigin(c.env) + target, 301);
  });
}
