// Collection.isAuroraVisible (docs/publications.md "Community pages (isAuroraVisible)"): whether
// the publication's readers get its community pages — about, profile and tagged drawn in the
// publication layout (docs/product/2-sign-in-notices-cache-routing.md §2.3) — rather than the
// standard variant. Today enable_lite_publications decides it for every publication, from the
// configuration or the viewer's own flags, the same flags the page route is chosen with
// (worker/cache/request-facts.ts), so the field and the page a reader gets always agree.
import { configuredFlags } from '../env.ts';
import type { RequestContext } from '../context/request-context.ts';

export const COMMUNITY_PAGES_FLAG = 'enable_lite_publications';

export function isAuroraVisible(ctx: Pick<RequestContext, 'env' | 'viewer'>): boolean {
  return configuredFlags(ctx.env).has(COMMUNITY_PAGES_FLAG) || (ctx.viewer.user?.flags.has(COMMUNITY_PAGES_FLAG) ?? false);
}
