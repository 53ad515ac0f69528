// The page a location shows: resolved once (route table of the host kind, through
// shared/routing/resolve-page.ts), then its page module loaded. The worker does this once
// per request through client/entry.server.tsx and writes the resolution into the document;
// the browser starts from that resolution (so the resolver is not part of its start-up,
// docs/adr/0036-one-page-resolution.md) and resolves once per client-side navigation
// (client/app/page-preparation.ts). App and Header read the result from the navigation
// context instead of resolving the path again. Which module a page name loads is the page
// registry's to say (client/pages/registry.ts: choosePage); the entries pass it down, so
// nothing here, and nothing a page imports, reaches the registry.
import type { PageResolution } from '../../shared/routing/resolve-page.ts';
import type { PageDefinition, RouteParams } from './page-definition.ts';

/** A page module of the registry, loaded on demand (client/pages/registry.ts). */
export interface PageModule {
  /** The page module's file name without its extension, which is its chunk's name. */
  chunk: string;
  load: () => Promise<PageDefinition>;
}

export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
}

export function parseLocation(href: string): AppLocation {
  const url = new URL(href, 'http://placeholder.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/** Where a resolution leads: a page module, or the not-found page. */
export interface PageChoice {
  /** The route the path matched (null: none); kept for the not-found page too (route name in the header's links). */
  resolved: PageResolution | null;
  module: PageModule;
  /** Unknown address, a redirect route (the server answers those) or a page not built yet. */
  isNotFound: boolean;
}

export interface CurrentPage extends PageChoice {
  location: AppLocation;
  definition: PageDefinition;
}

/**
 * What a page's query is asked with, the same on both sides (so the browser reads the server's
 * results from the cache): the route's params; for the not-found page, the missing address, whose
 * words choose its stories (docs/adr/0138-stories-for-a-lost-reader.md).
 */
export function queryParams(page: CurrentPage): RouteParams {
  return page.isNotFound ? { path: page.location.pathname } : (page.resolved?.params ?? {});
}

/** The resolution as the document carries it: plain data, without the route match. */
export function pageResolution(resolved: PageResolution | null): PageResolution | null {
  if (!resolved) return null;
  const { routeName, pageName, params, layout, fixedNavbar, redirects } = resolved;
  return { routeName, pageName, params, layout, fixedNavbar, redirects };
}
