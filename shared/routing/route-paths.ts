// The one thing links need of the route table: a route's main-host path by name (links.ts).
// Here, on the server and in tests, the whole table. The browser has its own variant
// (route-paths.browser.ts, BROWSER_VARIANTS in scripts/build-client.mjs): it starts with the
// paths of the routes the server's render linked to, which the document carries, and takes the
// whole table in after hydration (docs/adr/0221-the-page-module-named-by-the-document.md).
import { DEFAULT_ROUTES } from './routes.ts';

/** Route name → main-host path pattern. */
export type RoutePaths = Readonly<Record<string, string>>;

const PATHS: ReadonlyMap<string, string> = new Map(DEFAULT_ROUTES.map((route) => [route.name, route.path]));

/** The routes looked up while a render runs (withRoutePathsUsed), else null. */
let used: Map<string, string> | null = null;

/** A route's main-host path pattern by name; undefined: no such route. */
export function routePathOf(name: string): string | undefined {
  const path = PATHS.get(name);
  if (used && path !== undefined) used.set(name, path);
  return path;
}

/**
 * Runs a synchronous render and gives the paths of every route it looked up: the document
 * hands them to the browser, which hydrates with them before it has the table.
 */
export function withRoutePathsUsed<T>(render: () => T): { result: T; paths: RoutePaths } {
  const outer = used;
  const mine = new Map<string, string>();
  used = mine;
  try {
    return { result: render(), paths: Object.fromEntries(mine) };
  } finally {
    used = outer;
    if (outer) for (const [name, path] of mine) outer.set(name, path);
  }
}

/** The browser's variant takes the document's paths; here the table has them all. */
export function provideRoutePaths(_paths: RoutePaths | null): void {}

/** The browser's variant loads the whole table; here it is in. */
export function loadRoutePaths(): Promise<void> {
  return Promise.resolve();
}
