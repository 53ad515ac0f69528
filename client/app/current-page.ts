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
  /** The chunk's export that is the page's definition (the document names it, docs/adr/0221-the-page-module-named-by-the-document.md). */
  exportName: string;
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

/**
 * The page module as the document names it (window.__PAGE_MODULE__, client/server/document.ts):
 * the browser's start-up imports this one chunk instead of the page registry and the route
 * table (docs/adr/0221-the-page-module-named-by-the-document.md).
 */
export interface NamedPageModule {
  chunk: string;
  exportName: string;
  /** The chunk's address (its modulepreload's); null when the build has no such chunk. */
  url: string | null;
  isNotFound: boolean;
}

/** The page the document names, with its module loaded; null: the document names no chunk. */
export async function loadNamedPage(named: NamedPageModule | null, resolved: PageResolution | null, location: AppLocation): Promise<CurrentPage | null> {
  const url = named?.url;
  if (!named || !url) return null;
  const module: PageModule = {
    chunk: named.chunk,
    exportName: named.exportName,
    // The address is the build's, written by the server: the bundler leaves it as it is.
    load: () => import(url).then((namespace: Record<string, PageDefinition>) => namespace[named.exportName]!),
  };
  return { resolved, module, isNotFound: named.isNotFound, location, definition: await module.load() };
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
