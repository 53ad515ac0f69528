// A region of the server's markup that React hydrates after the page's first commit, in slices
// (docs/adr/0220-regions-hydrated-in-slices.md).
//
// The root hydrates in one uninterrupted task: React renders hydration at the root's lane without
// yielding. A Suspense boundary the server rendered is different: when the root's hydration
// reaches one, React leaves its DOM as it is and hydrates it later, at the lowest (offscreen)
// priority, yielding to the browser every few milliseconds. So the page's body, below the shell
// (providers, header), is no single long task at start-up.
//
// A discrete event (a click, a key, a focus) on an element inside a boundary React has not
// hydrated yet makes React hydrate that boundary at once and then dispatch the event: a click on
// a card's link right after load is still a client-side navigation (tests/e2e/hydrate-later.test.ts).
// On the server and on a client-side mount the boundary is only a wrapper: nothing in it suspends.
import { Suspense, type ReactNode } from 'react';

export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
