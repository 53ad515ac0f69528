// Server-rendered markup that is never hydrated (docs/adr/0096-hydrate-what-the-reader-can-use.md):
// a subtree with nothing to interact with (a story's text) keeps the DOM the server sent, and
// React creates no fibers for its elements at start-up.
//
// During hydration the element is rendered with an empty `dangerouslySetInnerHTML`: React then
// neither walks nor compares its children (the server's stay as they are) and, as long as the
// props do not change, never writes them. A later mount (a client-side navigation) or new
// content (a refetch) renders the children as usual.
import { useState, type ReactNode } from 'react';

let hydrating = false;

/** The entry calls this just before hydrateRoot. */
export function beginHydration(): void {
  hydrating = true;
}

/** The app's first effect calls this: whatever mounts from now on renders normally. */
export function endHydration(): void {
  hydrating = false;
}

const KEEP = { __html: '' };

/**
 * A `div` with `className` whose children (`render()`) are rendered on the server and on a
 * client-side mount, but left as the server's markup when it hydrates. `content` is what the
 * children show (compared by identity): when it changes, the children are rendered.
 */
export function StaticMarkup({ className, content, render }: { className: string; content: unknown; render: () => ReactNode }) {
  const [hydratedContent] = useState<unknown>(() => (hydrating ? content : KEEP));
  if (hydratedContent === content) return <div className={className} dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />;
  return <div className={className}>{render()}</div>;
}
