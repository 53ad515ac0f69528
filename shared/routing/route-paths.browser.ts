// The browser's variant of route-paths.ts (BROWSER_VARIANTS in scripts/build-client.mjs): the
// route table is no start-up work (docs/adr/0221-the-page-module-named-by-the-document.md). The
// page hydrates with the paths of the routes the server's render linked to (the document's
// window.__ROUTE_PATHS__, provideRoutePaths); the whole table loads once the page is idle after
// hydration, and before a client-side navigation renders the next page (loadRoutePaths).
import type { RoutePaths } from './route-paths.ts';
import { lazyModule } from '../lazy-module.ts';

export type { RoutePaths };

const PATHS = new Map<string, string>();
let tableIn = false;
// Its chunk is shared with the resolver's; a failed load (the network) is tried again by the next caller.
const table = lazyModule(() =>
  import('./routes.ts').then(({ DEFAULT_ROUTES }) => {
    for (const route of DEFAULT_ROUTES) PATHS.set(route.name, route.path);
    tableIn = true;
  }),
);

/**
 * A route's path by name. Before the table is in, a render that links to a route the document did
 * not name waits for it: the table's load is thrown, so React suspends that render inside its
 * Suspense boundary (every lazily loaded part has one) and renders it again once the table is in.
 */
export function routePathOf(name: string): string | undefined {
  const path = PATHS.get(name);
  if (path !== undefined || tableIn) return path;
  throw loadRoutePaths();
}

/** The browser renders only what the server rendered before it has the table: nothing to record. */
export function withRoutePathsUsed<T>(render: () => T): { result: T; paths: RoutePaths } {
  return { result: render(), paths: Object.fromEntries(PATHS) };
}

export function provideRoutePaths(paths: RoutePaths | null): void {
  for (const [name, path] of Object.entries(paths ?? {})) PATHS.set(name, path);
}

/** Loads the whole route table (its chunk is shared with the resolver's), once. */
export function loadRoutePaths(): Promise<void> {
  return table.load();
}
