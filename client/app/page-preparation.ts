// How the browser readies the next page of a client-side navigation: resolve the path
// once, load the page's chunk, and run its query into urql's cache, so the page renders
// complete in the commit that replaces the current one (no empty frame in between).
// The reader's intent does the same ahead of the click (docs/product/1-product-screens-membership-header-search.md
// §4: pages preload their code and data on hover, focus or render): the pointer pressed, a
// hover held, focus, so the click then finds both ready and sends no request of its own.
// A card's link that comes into view loads only the code of its page, once the browser is
// idle, within a budget of page chunks (docs/adr/0219-navigation-code-in-view-data-on-intent.md):
// the click then waits for the data alone.
// A visitor's data comes from the next page's own document, which the edge cache answers,
// rather than from a GraphQL call executed for them (./page-document.ts;
// docs/adr/0223-a-visitors-navigation-data-from-the-edge-cached-page.md).
import type { Client, SSRData } from 'urql';
import type { PreloadedState } from '../../shared/preloaded-state.ts';
import type { PageResolution } from '../../shared/routing/resolve-page.ts';
import { parseLocation, type AppLocation, type CurrentPage, type PageChoice } from './current-page.ts';
import type { PagePreparation } from './navigation.tsx';
import { callOrigin, setCallOrigin } from './call-origin.ts';
import { isMobileOrTabletAgent, sendPreloadReport } from './preload-report.ts';
import { markNavigation } from './navigation-timing.ts';
import type { PageDocument } from './page-document.ts';
import { lazyModule } from '../../shared/lazy-module.ts';

/**
 * The resolver (matcher, page list, layouts) is a chunk of its own: hydration starts from
 * the server's resolution, so only a navigation needs it. A link's prefetch (pointer-enter,
 * focus) loads it along with the target's page chunk; the entry loads it when the page is idle.
 */
const resolverModule = lazyModule(() => import('../../shared/routing/resolve-page.ts'));
/** Loads the resolver; the entry also calls it when the page is idle. */
export const loadResolver = resolverModule.load;
/**
 * The resolver once it is in: a visitor's intent or click then starts the page's document in its
 * own task. Waiting for the import to settle again queues behind the click's own work (tens of
 * ms on a busy phone) before the request could start.
 */
const loadedResolver = resolverModule.loaded;

/**
 * Reading a page's document is no start-up work: its code loads along with the first page code
 * a visitor's link preloads (in view, on intent), or else with the navigation.
 */
/** Once in (`loaded`), the request starts in the task that asks for it (see loadedResolver). */
const documentReader = lazyModule(() => import('./page-document.ts'));

/** The reader asked for lighter pages (the Save-Data setting): nothing is fetched ahead. */
function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/**
 * The page registry's `choosePage` (client/pages/registry.ts), passed in by the entry: the
 * navigation never imports the registry, so nothing a page imports reaches it. The registry is no
 * start-up work either (docs/adr/0221-the-page-module-named-by-the-document.md): `load` brings it in
 * beside the resolver; `loaded` gives it once it is in (a visitor's document then starts at once).
 */
export interface PageChooser {
  load(): Promise<(resolved: PageResolution | null) => PageChoice>;
  loaded(): ((resolved: PageResolution | null) => PageChoice) | null;
}

/**
 * At most this many page chunks load because a link came into view, per document: a page of 30
 * story cards loads the story page's code once, and a page of many kinds of links no more
 * than this many chunks (their data is never fetched ahead for being in view).
 */
export const CODE_IN_VIEW_BUDGET = 3;

/** Where a visitor's navigation finds the next page's results: the page's documents. */
export interface PageDocuments {
  /** The results a page's document carries, given to urql as the server's (urql's ssrExchange: restoreData). */
  restore(results: SSRData): void;
  /** Fetches and reads a page's document (./page-document.ts); null: none to use. */
  fetch?(address: string): Promise<PageDocument | null>;
  /**
   * The address whose data the document the page started from holds (default: the window's at
   * the call). This code loads after start-up (./lazy-page-preparation.ts), when the reader may
   * already be going back to another address: the entry names its own at start.
   */
  startAddress?: string;
}

/**
 * `documents`: absent, every page's data is a GraphQL call (the server, tests of the code path).
 */
export function browserPagePreparation(
  state: PreloadedState,
  client: Client,
  chooser: PageChooser,
  documents?: PageDocuments,
): PagePreparation {
  const choose = async (location: AppLocation) => {
    const [resolver, choosePage] = await Promise.all([loadedResolver() ?? loadResolver(), chooser.load()]);
    return choosePage(resolver.resolvePageForState(state, location.pathname));
  };
  const fetchDocument =
    documents?.fetch ?? ((address: string) => documentReader.loaded()?.fetchPageDocument(address) ?? documentReader.load().then((reader) => reader.fetchPageDocument(address)));
  /** Whether a visitor's navigations may read documents at all (see readsDocument). */
  const visitorDocuments = documents !== undefined && state.viewer === null && !state.client.isBot;
  /**
   * Routes whose documents were rendered for the request alone (x-cache-status DYNAMIC: a route
   * the edge cache does not hold, or rules that send this visitor to a fresh render): a fresh
   * render costs the worker more than the data call, so those routes ask GraphQL from then on.
   */
  const renderedFresh = new Set<string>();
  /** Addresses whose data this document already holds in its cache (the first page, each one navigated to): back and forward need no document. */
  const dataHeld = new Set<string>(
    documents?.startAddress !== undefined ? [documents.startAddress] : typeof window === 'undefined' ? [] : [window.location.pathname + window.location.search],
  );
  /** A document on its way, by address: started by an intent or by the navigation, read once. */
  const documentsAsked = new Map<string, Promise<PageDocument | null>>();
  /**
   * Whether this navigation reads its data from the page's document: a visitor (no session in
   * the app state: their documents are the pages the edge cache shares), not a bot (whose
   * pages are always fresh renders), not saving data (a document weighs more than its
   * results), a route whose documents came from the cache, an address whose data is not held.
   */
  const readsDocument = (choice: PageChoice, address: string) =>
    visitorDocuments &&
    !savesData() &&
    !dataHeld.has(address) &&
    !renderedFresh.has(choice.resolved?.routeName ?? '');
  /** The page's document for this navigation, asked for once (an intent may have started it). */
  const documentFor = (address: string) => {
    let asked = documentsAsked.get(address);
    if (!asked) documentsAsked.set(address, (asked = fetchDocument(address).catch(() => null)));
    return asked;
  };
  /** Starts a visitor's document at once when the resolver is in (see loadedResolver); loadData then finds it on its way. */
  const startDocument = (location: AppLocation) => {
    const choosePage = chooser.loaded();
    const resolverIn = loadedResolver();
    if (!visitorDocuments || !resolverIn || !choosePage) return;
    const address = location.pathname + location.search;
    const choice = choosePage(resolverIn.resolvePageForState(state, location.pathname));
    if (!choice.isNotFound && readsDocument(choice, address)) void documentFor(address);
  };
  /**
   * Gives the document's results to urql as the server's results for that page, when the
   * document is the page the visitor would get: the same route, no viewer in it (a session
   * started in another tab makes it a signed-in render: its data is then asked for as before).
   */
  const useDocument = async (choice: PageChoice, address: string) => {
    const page = await documentFor(address);
    documentsAsked.delete(address);
    markNavigation('document', address);
    if (!page) return;
    if (page.cacheStatus === 'DYNAMIC' && choice.resolved) renderedFresh.add(choice.resolved.routeName);
    const resolution = page.globals.resolution;
    if (page.globals.preloadedState.viewer !== null || resolution?.routeName !== choice.resolved?.routeName || resolution?.pageName !== choice.resolved?.pageName) return;
    documents?.restore(page.results);
  };
  /**
   * Runs a page's query into urql's cache (cache-first: a result already there is reused). A
   * visitor's document is fetched beside the chunk; its results answer the query, which then
   * sends no request. Without them (no document, another page) the query asks GraphQL.
   */
  const loadData = async (choice: PageChoice, address: string) => {
    const fromDocument = readsDocument(choice, address) ? useDocument(choice, address) : null;
    const definition = await choice.module.load();
    markNavigation('chunk', address);
    await fromDocument;
    const request = definition.query?.(choice.resolved?.params ?? {}, choice.resolved?.routeName ?? null, new URLSearchParams(parseLocation(address).search));
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
      startDocument(location);
      const choice = await choose(location);
      markNavigation('resolved', address);
      // Redirects, unknown addresses and pages this bundle lacks go to the server, which
      // answers with the right status code.
      if (choice.isNotFound) return null;
      // The next page's data is asked for in its name (docs/product/2-sign-in-notices-cache-routing.md §7).
      setCallOrigin(choice.resolved?.routeName, location.pathname + location.search);
      // The result lands in urql's cache; the page's useQuery reads it on its first render.
      const definition = await loadData(choice, address);
      dataHeld.add(address);
      markNavigation('data', address);
      return { ...choice, location, definition };
    },
    prefetch(location) {
      const address = location.pathname + location.search;
      // Bots never preload (they follow links one by one), nor readers saving data.
      if (state.client.isBot || preloaded.has(address) || savesData()) return;
      preloaded.add(address);
      markNavigation('intent', address);
      startDocument(location);
      // The preload's calls name the page the reader is on: that is where they are made from.
      const currentPage = callOrigin().routeMetric;
      choose(location)
        .then(async (choice) => {
          if (choice.isNotFound) return;
          await loadData(choice, address);
          dataHeld.add(address);
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
      if (visitorDocuments) void documentReader.load().catch(() => undefined);
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
