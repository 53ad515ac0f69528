// The page a location shows: resolved once (route table of the host kind, through
// shared/routing/resolve-page.ts), then its page module loaded. The worker does this once
// per request through client/entry.server.tsx; the browser once at start-up (before
// hydration) and once per client-side navigation. App and Header read the result from
// the navigation context instead of resolving the path again.
import type { PreloadedState } from '../../shared/preloaded-state.ts';
import { resolvePageForState, type ResolvedPage } from '../../shared/routing/resolve-page.ts';
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
  resolved: ResolvedPage | null;
  module: PageModule;
  /** Unknown address, a redirect route (the server answers those) or a page not built yet. */
  isNotFound: boolean;
}

export interface CurrentPage extends PageChoice {
  location: AppLocation;
  definition: PageDefinition;
}

export function choosePage(resolved: ResolvedPage | null): PageChoice {
  const module = resolved && !resolved.redirects && resolved.pageName ? PAGES[resolved.pageName] : undefined;
  return module ? { resolved, module, isNotFound: false } : { resolved, module: NOT_FOUND_PAGE, isNotFound: true };
}

/** Resolves a location of this host (once) and loads its page module. */
export async function loadCurrentPage(state: PreloadedState, location: AppLocation): Promise<CurrentPage> {
  const choice = choosePage(resolvePageForState(state, location.pathname));
  return { ...choice, location, definition: await choice.module.load() };
}
