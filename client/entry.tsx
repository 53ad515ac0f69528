// Browser start-up: read the globals the server wrote, seed urql's (normalized) cache with the
// server's results (so hydration sends no GraphQL request), load the chunk of the page the
// server resolved (the server preloaded it) and hydrate.
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Client, Provider, getOperationName, mapExchange, ssrExchange } from 'urql';
import { deferredExchange } from './app/deferred-exchange.ts';
import { lazyExchange } from './app/lazy-exchange.ts';
import { callOrigin, callTraceHeaders, setCallOrigin, setTestFixtureHeaders } from './app/call-origin.ts';
import type { PreloadedState } from '../shared/preloaded-state.ts';
import { App } from './layouts/App.tsx';
import { loadNamedPage, parseLocation } from './app/current-page.ts';
import { NavigationProvider } from './app/navigation.tsx';
import { lazyPagePreparation } from './app/lazy-page-preparation.ts';
import { loadRoutePaths, provideRoutePaths } from '../shared/routing/route-paths.ts';
import { readStartupGlobals } from './app/startup-globals.ts';
import { restoreWithheldText } from './app/hydration-state.ts';
import { configureErrorReports, reportError, setReportRoute } from './app/error-reporter.ts';
import { startPerformanceReports } from './app/performance-reporter.ts';
import { startEventQueue } from './events/event-queue.ts';
import { applyFullStylesheet } from './app/full-stylesheet.ts';
import { beginHydration, isHydrating, onHydrated } from './app/static-markup.tsx';
import { whenIdle } from './app/when-idle.ts';
import { watchClientAppSupport } from './app/client-app-support.ts';
import { lazyModule } from '../shared/lazy-module.ts';

// The global handlers report too (docs/product/3-routes-data-calls-constants.md §8): the error
// event says where the error happened; a rejection's place comes from its stack.
window.addEventListener('error', (event) =>
  reportError(event.error instanceof Error ? event.error : new Error(event.message), { file: event.filename, line: event.lineno, column: event.colno }),
);
window.addEventListener('unhandledrejection', (event) =>
  reportError(event.reason instanceof Error ? event.reason : new Error(String(event.reason))),
);

const { preloadedState, graphqlUri, apolloState: hydrationState, resolution, pageModule, routePaths, testFixtureHeaders } = readStartupGlobals(window as unknown as Record<string, unknown>);
// Links are built by route name while hydrating, from the paths the document names; the whole
// route table is no start-up work (docs/adr/0221-the-page-module-named-by-the-document.md).
provideRoutePaths(routePaths);
// The story's text is left out of the state: its elements say it (app/hydration-state.ts).
const apolloState = restoreWithheldText(hydrationState, (name) => document.getElementById(name)?.textContent ?? null);
// The client build is this entry chunk's content-hashed name ("entry-2Ts2Yoid").
const clientBuild = /([^/]+)\.js$/.exec(new URL(import.meta.url).pathname)?.[1] ?? null;
configureErrorReports({
  build: clientBuild,
  isBot: preloadedState.client.isBot,
  xsrf: preloadedState.session.xsrf,
});
setReportRoute(resolution?.routeName ?? null);
void startPerformanceReports({
  isBot: preloadedState.client.isBot,
  route: resolution?.routeName ?? null,
  build: clientBuild,
  xsrf: preloadedState.session.xsrf,
});

// Client events (docs/stats.md): bots and dont_track_user queue nothing.
startEventQueue({
  xsrf: preloadedState.session.xsrf,
  disabled: preloadedState.client.isBot || preloadedState.flags.includes('dont_track_user'),
});
// The login history concerns a signed-in viewer only: its code is no start-up work, loaded once
// the page is idle after hydration, and never for a visitor (docs/adr/0233-a-visitors-shell-without-signed-in-code.md).
const signedInViewerId = preloadedState.viewer?.id ?? null;
if (signedInViewerId)
  onHydrated(() => whenIdle(() => void import('./events/login-history.ts').then((module) => module.noteSignedInViewer(signedInViewerId)).catch(() => {})));

setCallOrigin(resolution?.routeName, window.location.pathname + window.location.search);
setTestFixtureHeaders(testFixtureHeaders);

/** Mutations that change what a viewer's search key filters (client/components/search/search-client.ts). */
const SEARCH_KEY_MUTATIONS = new Set(['MuteAuthor', 'UnmuteAuthor', 'MutePub', 'UnmutePub', 'BlockUser', 'UnblockUser']);

// The normalized cache (app/cache-exchange.ts) is not start-up work: hydration reads the server's
// results straight from ssrExchange; its chunk loads once the page is idle after hydration, and
// it takes over (seeded with the page's results) for the first operation after it (app/deferred-exchange.ts).
const normalizedCache = deferredExchange(() => {
  // An operation that waits for the cache goes on to the transport next: its code comes alongside.
  void transport.load().catch(() => {});
  return import('./app/cache-exchange.ts').then((module) => module.normalizedCacheExchange());
}, isHydrating);
// The server's results: the page's own at start, then a visitor's next page's from its document (app/page-document.ts).
const serverResults = ssrExchange({ isClient: true, initialState: apolloState });
// The transport sends nothing while the page hydrates: its code loads once the page is idle, or
// for the first call (app/lazy-exchange.ts).
const transport = lazyExchange(() =>
  import('./app/batch-exchange.ts').then(({ batchExchange }) =>
    batchExchange({
      url: graphqlUri,
      app: `lite/${__VELLUM_VERSION__}`,
      origin: callOrigin,
      headers: () => ({
        // The page view's trace and the optional test-fixture headers (app/call-origin.ts).
        ...callTraceHeaders(),
        'graphql-client-name': 'lite',
        // Mutations must carry the session's anti-forgery value (worker/auth/anti-forgery.ts);
        // logged out, any value marks the call as sent by our own pages.
        'x-xsrf-token': preloadedState.session.xsrf ?? '1',
      }),
    }),
  ),
);
const client = new Client({
  url: graphqlUri,
  // docs/product/2-sign-in-notices-cache-routing.md §7: every call is a POST, queries within 20 ms
  // batched by group, with the operation, app, route and path headers (app/batch-exchange.ts).
  preferGetMethod: false,
  exchanges: [
    // The normalized cache before ssrExchange: hydration reads the server's results through it,
    // so it sends no request; the results seed the cache once its chunk is in.
    normalizedCache,
    serverResults,
    // A hosted search app applies mutes and blocks through the viewer's key: one changed, the key goes.
    mapExchange({
      onResult(result) {
        // The search client is no start-up work (docs/adr/0209-parts-hydrated-after-start-up.md): imported when needed.
        if (result.operation.kind === 'mutation' && SEARCH_KEY_MUTATIONS.has(getOperationName(result.operation.query) ?? ''))
          void import('./components/search/search-client.ts').then((module) => module.forgetSearchKey());
      },
    }),
    transport,
  ],
});

// The page registry (every page's chunk by name) is no start-up work: the document names the
// page's chunk and the entry imports just that (app/current-page.ts loadNamedPage). The registry
// loads once the page is idle, or for the first navigation (docs/adr/0221-the-page-module-named-by-the-document.md).
// A failed load (the network) is tried again by the next navigation.
const registry = lazyModule(() => import('./pages/registry.ts'));
const loadRegistry = registry.load;
// A navigation renders the next page's links: the whole route table first.
const pageChooser = {
  load: async () => (await Promise.all([loadRegistry(), loadRoutePaths()]))[0].choosePage,
  loaded: () => registry.loaded()?.choosePage ?? null,
};
// Until the registry is in, every page is taken to exist: a navigation to one this bundle lacks
// finds out when it resolves (the not-found choice), and goes to the server.
const hasPage = (pageName: string) => registry.loaded()?.hasPage(pageName) ?? true;

// The navigation's preparation is no start-up work either (app/lazy-page-preparation.ts); the
// data this document holds is the address's it was loaded at (read now: the code may come later).
const startAddress = window.location.pathname + window.location.search;
const preparation = lazyPagePreparation((module) =>
  module.browserPagePreparation(preloadedState, client, pageChooser, { restore: (results) => serverResults.restoreData(results), startAddress }),
);

const root = document.getElementById('root');
if (!root) {
  console.warn('Expected a #root element to hydrate; the page stays server-rendered.');
} else {
  const state: PreloadedState = preloadedState;
  // Hydration must render exactly what the server rendered: the server's resolution of the
  // path, and the page's chunk loaded first (it is already in flight: the document preloads it).
  const location = parseLocation(window.location.href);
  // A document that names no paths (a streamed page) hydrates with the whole table.
  if (!routePaths) await loadRoutePaths();
  const initialPage =
    (await loadNamedPage(pageModule, resolution, location)) ?? (await (await loadRegistry()).loadCurrentPage(resolution, location));
  beginHydration();
  // In a transition the root hydrates at React's transition hydration lane, which is time-sliced
  // (a yield about every 5 ms), instead of the default one, which React renders in one task; a
  // click before it is done makes React finish it at once (docs/adr/0224-start-up-work-in-slices.md).
  startTransition(() => {
    hydrateRoot(
      root,
      <Provider value={client}>
        <NavigationProvider
          initialPage={initialPage}
          preparation={preparation}
          hasPage={hasPage}
        >
          <App state={state} onRenderError={(error) => reportError(error)} />
        </NavigationProvider>
      </Provider>,
      { onRecoverableError: (error) => reportError(error instanceof Error ? error : new Error(String(error))) },
    );
  });
}
// Once hydration has committed and the page is idle (before, if an operation needs it).
onHydrated(() => whenIdle(() => void Promise.all([normalizedCache.prefetch(), transport.load()]).catch(() => {})));
// The page registry and the resolver, for the navigation, once the page is idle after hydration
// (whenIdle loads the whole route table first: what renders next may link to any route).
// A failed load is no error yet: the first navigation asks again (and goes to the server if it fails).
onHydrated(() =>
  whenIdle(() => void Promise.all([loadRegistry(), preparation.load().then(({ module }) => module.loadResolver())]).catch(() => {})),
);
// A tab back after a long absence asks whether its build is still the one served.
onHydrated(() => watchClientAppSupport(client, clientBuild));
// After hydration started: the first paint had only the rules the markup uses (client/server/document.ts).
applyFullStylesheet();
