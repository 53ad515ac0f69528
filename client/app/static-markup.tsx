// Server-rendered markup that is never hydrated (docs/adr/0096-hydrate-what-the-reader-can-use.md):
// a subtree with nothing to interact with (a story's text) keeps the DOM the server sent, and
// React creates no fibers for its elements at start-up.
//
// During hydration the element is rendered with an empty `dangerouslySetInnerHTML`: React then
// neither walks nor compares its children (the server's stay as they are) and, as long as the
// props do not change, never writes them. A later mount (a client-side navigation) or new
// content (a refetch) renders the children as usual. Content is compared by value (contentKeyOf):
// the normalized cache answers the same story again with new objects right after hydration.
import { useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';

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

/** What a StaticMarkup hydrated with: its content, and that content's key. */
interface Hydrated {
  content: unknown;
  key: string;
}

/**
 * A `div` with `className` whose children (`render()`) are rendered on the server and on a
 * client-side mount, but left as the server's markup when it hydrates. `content` is what the
 * children show: when its content key (contentKeyOf) changes, the children are rendered, from then on. The key
 * is computed only to compare with the markup kept from hydration: never on the server, nor
 * after a client-side mount (it was the largest self time of a server render, issue 25).
 */
export function StaticMarkup({ className, content, render }: { className: string; content: unknown; render: () => ReactNode }) {
  const hydratingNow = useHydrating();
  const [hydrated] = useState<Hydrated | typeof MOUNTED_AFTER_HYDRATION>(() => (hydratingNow ? { content, key: contentKeyOf(content) } : MOUNTED_AFTER_HYDRATION));
  const contentChanged = hydrated !== MOUNTED_AFTER_HYDRATION && hydrated.content !== content;
  const contentKey = useMemo(() => (contentChanged ? contentKeyOf(content) : null), [contentChanged, content]);
  // Once React has rendered the children in place of the server's markup, that markup is gone:
  // content that goes back to the hydrated one must be rendered too, not kept (it would be blank).
  const [childrenRendered, setChildrenRendered] = useState(false);
  const keepsMarkup = !childrenRendered && hydrated !== MOUNTED_AFTER_HYDRATION && (hydrated.content === content || hydrated.key === contentKey);
  // Set while rendering (React renders this component again at once): a render React discards
  // discards this too, so only a committed change of content counts.
  if (!keepsMarkup && !childrenRendered && hydrated !== MOUNTED_AFTER_HYDRATION) setChildrenRendered(true);
  if (keepsMarkup) return <div className={className} dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />;
  return <div className={className}>{render()}</div>;
}
