// Where a client-side navigation's time goes (issue 25 point 7; docs/adr/0219-navigation-code-in-view-data-on-intent.md):
// one User Timing mark per step of the navigation, named `vellum:navigation:<step>`, which
// bench/navigation.bench.mjs reads beside the resource timings of the chunks and the data call.
// A mark costs a few microseconds and is kept by the browser only in its timeline.

/** The steps of one navigation, in the order they normally happen. */
export type NavigationStep =
  /** The reader's intent (pointer down, a hover held, focus): the preparation starts. */
  | 'intent'
  /** The click (or back/forward): the navigation starts. */
  | 'start'
  /** The resolver's chunk is in and the path is resolved to a page. */
  | 'resolved'
  /** The page's chunk is in. */
  | 'chunk'
  /** A visitor's navigation: the page's document (its data) is in (client/app/page-document.ts). */
  | 'document'
  /** The page's data is in the data client's cache. */
  | 'data'
  /** React committed the next page. */
  | 'commit';

export const NAVIGATION_MARK_PREFIX = 'vellum:navigation:';

export function markNavigation(step: NavigationStep, address: string): void {
  globalThis.performance?.mark?.(NAVIGATION_MARK_PREFIX + step, { detail: { address } });
}
