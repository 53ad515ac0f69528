// The page a location shows: resolved once (route table of the host kind, through
// shared/routing/resolve-page.ts), then its page module loaded. The worker does this once
// per request through client/entry.server.tsx and writes the resolution into the document;
// the browser starts from that resolution (so the resolver is not part of its start-up,
// docs/adr/0005-worker-client-door.md) and resolves once per client-side navigation
// (client/app/page-preparation.ts). App and Header read the result from the navigation
// context instead of resolving the path again.
import type { PageResolution } from '../../shared/routing/resolve-page.ts';
import type { PageDefinition } from '../pages/page-definition.ts';
import { NOT_FOUND_PAGE, PAGES, type PageModule } from '../pages/registry.ts';

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

export function choosePage(resolved: PageResolution | null): PageChoice {
  const module = resolved && !resolved.redirects && resolved.pageName ? PAGES[resolved.pageName] : undefined;
  return module ? { resolved, module, isNotFound: false } : { resolved, module: NOT_FOUND_PAGE, isNotFound: true };
}

/** The resolution as the document carries it: plain data, without the route match. */
export function pageResolution(resolved: PageResolution | null): PageResolution | null {
  if (!resolved) return null;
  const { routeName, pageName, params, layout, fixedNavbar, redirects } = resolved;
  return { routeName, pageName, params, layout, fixedNavbar, redirects };
}

/** The page of a resolution (the server's, at start-up) with its page module loaded. */
export async function loadCurrentPage(resolved: PageResolution | null, location: AppLocation): Promise<CurrentPage> {
  const choice = choosePage(resolved);
  return { ...choice, location, definition: await choice.module.load() };
}
