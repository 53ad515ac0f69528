// Server-rendered markup that is never hydrated (docs/adr/0096-hydrate-what-the-reader-can-use.md):
// a subtree with nothing to interact with (a story's text) keeps the DOM the server sent, and
// React creates no fibers for its elements at start-up.
//
// During hydration the element is rendered with an empty `dangerouslySetInnerHTML`: React then
// neither walks nor compares its children (the server's stay as they are) and, as long as the
// props do not change, never writes them. A later mount (a client-side navigation) or new
// content (a refetch) renders the children as usual. Content is compared by value (`contentKey`):
// the normalized cache answers the same story again with new objects right after hydration.
import { useState, useSyncExternalStore, type ReactNode } from 'react';

let hydrating = false;
/** Set by beginHydration, never reset: the browser's answer to "is React hydrating this?" (useHydrating). */
let hydrationBegun = false;
const afterHydration: Array<() => void> = [];

/** The entry calls this just before hydrateRoot. */
export function beginHydration(): void {
  hydrating = true;
  hydrationBegun = true;
}

const noSubscription = () => () => {};
const notHydrating = () => false;
const hydrationHasBegun = () => hydrationBegun;

/**
 * True while React hydrates the calling component: in the root's first render, and in a region
 * hydrated later (client/app/hydrate-later.tsx), which React hydrates after the app's first effect
 * has ended `isHydrating()`. React reads a store's server snapshot exactly while it hydrates; the
 * server's render (no beginHydration) gets false.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(noSubscription, notHydrating, hydrationHasBegun);
}

/** The app's first effect calls this: whatever mounts from now on renders normally. */
export function endHydration(): void {
  hydrating = false;
  for (const callback of afterHydration.splice(0)) callback();
}

/** True from beginHydration until the app's first effect (the data client passes the server's results straight through then). */
export function isHydrating(): boolean {
  return hydrating;
}

/** Runs `callback` once hydration has committed (work that must not be start-up work). */
export function onHydrated(callback: () => void): void {
  if (hydrating) afterHydration.push(callback);
  else callback();
}

/**
 * A value's content as a `contentKey`: keys sorted, empty fields and `__typename` left out. The
 * server's result (read during hydration) and the normalized cache's answer once it has loaded
 * hold the same content, the one with type names and in another order, the other without
 * (docs/adr/0197-start-up-loads-the-first-screen-only.md).
 */
export function contentKeyOf(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) =>
    field && typeof field === 'object' && !Array.isArray(field)
      ? Object.fromEntries(
          Object.entries(field)
            .filter(([name, inner]) => inner !== null && inner !== undefined && name !== '__typename')
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : field,
  );
}

const KEEP = { __html: '' };
const MOUNTED_AFTER_HYDRATION = Symbol('mounted after hydration');

/**
 * A `div` with `className` whose children (`render()`) are rendered on the server and on a
 * client-side mount, but left as the server's markup when it hydrates. `contentKey` names what
 * the children show: when it changes, the children are rendered.
 */
export function StaticMarkup({ className, contentKey, render }: { className: string; contentKey: string; render: () => ReactNode }) {
  const hydratingNow = useHydrating();
  const [hydratedKey] = useState<string | symbol>(() => (hydratingNow ? contentKey : MOUNTED_AFTER_HYDRATION));
  if (hydratedKey === contentKey) return <div className={className} dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />;
  return <div className={className}>{render()}</div>;
}
