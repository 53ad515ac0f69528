// How the browser readies the next page of a client-side navigation: resolve the path
// once, load the page's chunk, and run its query into urql's cache, so the page renders
// complete in the commit that replaces the current one (no empty frame in between).
// The reader's intent does the same ahead of the click (docs/product/1-product-screens-membership-header-search.md
// §4: pages preload their code and data on hover, focus or render): the pointer pressed, a
// hover held, focus, so the click then finds both ready and sends no request of its own.
// A card's link that comes into view loads only the code of its page, once the browser is
// idle, within a budget of page chunks (docs/adr/0219-navigation-code-in-view-data-on-intent.md):
// the click then waits for the data alone.
import type { Client } from 'urql';
import type { PreloadedState } from '../../shared/preloaded-state.ts';
import type { PageResolution } from '../../shared/routing/resolve-page.ts';
import type { AppLocation, CurrentPage, PageChoice } from './current-page.ts';
import type { PagePreparation } from './navigation.tsx';
import { callOrigin, setCallOrigin } from './call-origin.ts';
import { isMobileOrTabletAgent, sendPreloadReport } from './preload-report.ts';
import { markNavigation } from './navigation-timing.ts';

/**
 * The resolver (matcher, page list, layouts) is a chunk of its own: hydration starts from
 * the server's resolution, so only a navigation needs it. A link's prefetch (pointer-enter,
 * focus) loads it along with the target's page chunk; the entry loads it when the page is idle.
 */
export const loadResolver = () => import('../../shared/routing/resolve-page.ts');

/** The reader asked for lighter pages (the Save-Data setting): nothing is fetched ahead. */
function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/**
 * `loadChooser` gives the page registry's `choosePage` (client/pages/registry.ts), passed in by the
 * entry: the navigation never imports the registry, so nothing a page imports reaches it. The
 * registry is no start-up work either (docs/adr/0221-the-page-module-named-by-the-document.md): it
 * loads beside the resolver.
 */
/**
 * At most this many page chunks load because a link came into view, per document: a page of 30
 * story cards loads the story page's code once, and a page of many kinds of links no more
 * than this many chunks (their data is never fetched ahead for being in view).
 */
export const CODE_IN_VIEW_BUDGET = 3;

export function browserPagePreparation(
  state: PreloadedState,
  client: Client,
  loadChooser: () => Promise<(resolved: PageResolution | null) => PageChoice>,
): PagePreparation {
  const choose = async (location: AppLocation) => {
    const [resolver, choosePage] = await Promise.all([loadResolver(), loadChooser()]);
    return choosePage(resolver.resolvePageForState(state, location.pathname));
  };
  /** Runs a page's query into urql's cache (cache-first: a result already there is reused). */
  const loadData = async (choice: PageChoice, address: string) => {
    const definition = await choice.module.load();
    markNavigation('chunk', address);
    const request = definition.query?.(choice.resolved?.params ?? {}, choice.resolved?.routeName ?? null);
    if (request) await client.query(request.query, request.variables).toPromise();
    return definition;
  };
  // Each address is preloaded once per page load: hovering a link again costs nothing.
  const preloaded = new Set<string>();
  /** Addresses whose code was asked for because a link came into view, and the chunks that loaded for it. */
  const codeAsked = new Set<string>();
  const codeLoaded = new Set<string>();
  return {
    async prepare(location): Promise<CurrentPage | null> {
      const address = location.pathname + location.search;
      const choice = await choose(location);
      markNavigation('resolved', address);
      // Redirects, unknown addresses and pages this bundle lacks go to the server, which
      // answers with the right status code.
      if (choice.isNotFound) return null;
      // The next page's data is asked for in its name (docs/product/2-sign-in-notices-cache-routing.md §7).
      setCallOrigin(choice.resolved?.routeName, location.pathname + location.search);
      // The result lands in urql's cache; the page's useQuery reads it on its first render.
      const definition = await loadData(choice, address);
      markNavigation('data', address);
      return { ...choice, location, definition };
    },
    prefetch(location) {
      const address = location.pathname + location.search;
      // Bots never preload (they follow links one by one), nor readers saving data.
      if (state.client.isBot || preloaded.has(address) || savesData()) return;
      preloaded.add(address);
      markNavigation('intent', address);
      // The preload's calls name the page the reader is on: that is where they are made from.
      const currentPage = callOrigin().routeMetric;
      choose(location)
        .then(async (choice) => {
          if (choice.isNotFound) return;
          await loadData(choice, address);
          sendPreloadReport(
            {
              currentPage,
              preloadedPage: choice.resolved?.routeName ?? null,
              isLoggedIn: state.viewer !== null,
              isMobileOrTablet: isMobileOrTabletAgent(navigator.userAgent, navigator.maxTouchPoints),
            },
            state.session.xsrf,
          );
        })
        .catch(() => {
          // A failed preload is retried by the navigation itself.
          preloaded.delete(address);
        });
    },
    preloadCode(location) {
      const address = location.pathname + location.search;
      if (state.client.isBot || codeAsked.has(address) || savesData()) return;
      codeAsked.add(address);
      choose(location)
        .then((choice) => {
          if (choice.isNotFound || codeLoaded.has(choice.module.chunk)) return;
          if (codeLoaded.size >= CODE_IN_VIEW_BUDGET) return;
          codeLoaded.add(choice.module.chunk);
          return choice.module.load();
        })
        .catch(() => {
          // The navigation loads it again if it is needed.
        });
    },
  };
}
