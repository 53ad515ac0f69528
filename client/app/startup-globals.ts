import type { HydrationState } from './hydration-state.ts';
import type { PreloadedState } from '../../shared/preloaded-state.ts';
import type { PageResolution } from '../../shared/routing/resolve-page.ts';
import type { NamedPageModule } from './current-page.ts';
import type { RoutePaths } from '../../shared/routing/route-paths.ts';

export interface StartupGlobals {
  preloadedState: PreloadedState;
  graphqlUri: string;
  /** The page's results, the story's text left out (restoreWithheldText puts it back). */
  apolloState: HydrationState;
  /** The server's resolution of this page's path (null: no route, the not-found page). */
  resolution: PageResolution | null;
  /** The page's chunk and export (window.__PAGE_MODULE__; null: absent, the registry says). */
  pageModule: NamedPageModule | null;
  /** The paths of the routes the server's markup links to (window.__ROUTE_PATHS__; null: none named). */
  routePaths: RoutePaths | null;
  /**
   * Optional test-fixture headers every data call carries (docs/product/3-routes-data-calls-constants.md
   * §7.4): window.__TEST_FIXTURE_HEADERS__, which only a test sets (client/app/call-origin.ts filters them).
   */
  testFixtureHeaders: unknown;
}

/**
 * Reads the start-up globals; their absence fails start-up with the spec's messages
 * (docs/product/3-routes-data-calls-constants.md §8).
 */
export function readStartupGlobals(scope: Record<string, unknown>): StartupGlobals {
  const preloadedState = scope.__PRELOADED_STATE__;
  if (!preloadedState) throw new Error('Expected window.__PRELOADED_STATE__ to exist.');
  const graphqlUri = scope.__GRAPHQL_URI__;
  if (!graphqlUri) throw new Error('Expected window.__GRAPHQL_URI__ to exist.');
  const apolloState = scope.__APOLLO_STATE__;
  if (!apolloState) throw new Error('Expected window.__APOLLO_STATE__ to exist.');
  if (!('__PAGE__' in scope)) throw new Error('Expected window.__PAGE__ to exist.');
  return {
    resolution: (scope.__PAGE__ ?? null) as PageResolution | null,
    pageModule: (scope.__PAGE_MODULE__ ?? null) as NamedPageModule | null,
    routePaths: (scope.__ROUTE_PATHS__ ?? null) as RoutePaths | null,
    preloadedState: preloadedState as PreloadedState,
    graphqlUri: String(graphqlUri),
    apolloState: apolloState as HydrationState,
    testFixtureHeaders: scope.__TEST_FIXTURE_HEADERS__ ?? null,
  };
}
