// A part of the server's markup whose code is not start-up work
// (docs/adr/0209-parts-hydrated-after-start-up.md): the search box in the header is drawn by the
// server, but its code (the predictive popover, the search client's glue, its documents) is a
// chunk of its own. The part sits in a Suspense boundary on both sides:
//
// - the server renders it at once (`serverPart`: nothing suspends, the boundary is only its
//   markers in the markup);
// - the browser (`deferredPart`) suspends the boundary while the page hydrates: React leaves the
//   server's DOM of that boundary as it is and hydrates it once the chunk is in. The chunk is
//   imported once the page is idle after hydration, or at once when the reader points at,
//   focuses or types into the part (its root element, `rootSelector`), whichever comes first.
//
// Until then React ignores events inside the boundary (it cannot hydrate it synchronously), but
// the browser's own behaviour stays: an input takes focus and text, a form submits to its action,
// a link opens its address. Once the part has hydrated, what the reader did meanwhile is given to
// it again: focus that landed inside (the part's focus handler runs: the search box opens its
// popover), then text typed into an input (hydration put the component's value back; the text is
// set again with an input event, so its change handler runs).
import { Suspense, createElement, memo, use, useEffect, type ComponentType } from 'react';
import { onHydrated, useHydrating } from './static-markup.tsx';
import { whenIdle } from './when-idle.ts';

/** The events that start the chunk's import at once: the reader is about to use the part. */
const INTERACTIONS = ['pointerdown', 'focusin', 'keydown'] as const;

/** The server's variant of a deferred part: the component in the same Suspense boundary, rendered at once. */
export function serverPart<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function ServerPart(props: P) {
    return createElement(Suspense, { fallback: null }, createElement(Component, props));
  };
}

/**
 * The browser's variant: the component's chunk loads after hydration (see above).
 * `propsAreEqual`: when two renders' props are the same props (default: each prop the same value,
 * shallowly). A part given the page's results says that results equal in value are the same
 * (docs/adr/0232-the-story-end-hydrated-after-start-up.md): the normalized cache answers them again
 * in new objects before the part has hydrated.
 */
export function deferredPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  rootSelector: string,
  propsAreEqual?: (previous: Readonly<P>, next: Readonly<P>) => boolean,
  /**
   * `once-rendered`: the import starts with the part's first render, not at idle — a part that is
   * a page's main content, whose chunk the document declares with the start-up modules
   * (docs/adr/0232-the-story-end-hydrated-after-start-up.md: the outcome of a story address).
   */
  loadWhen: 'idle' | 'once-rendered' = 'idle',
): ComponentType<P> {
  let Loaded: ComponentType<P> | null = null;
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  let loading: Promise<void> | null = null;
  const start = (): Promise<void> =>
    (loading ??= load().then((component) => {
      Loaded = component;
      stopListening();
      resolveReady();
    }));

  const inside = (target: EventTarget | null) => {
    const root = document.querySelector(rootSelector);
    return root !== null && target instanceof Node && root.contains(target);
  };
  const onInteraction = (event: Event) => {
    if (inside(event.target)) void start();
  };
  /** Text typed into the part's inputs before it hydrated. */
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
  const onInput = (event: Event) => {
    const target = event.target;
    if ((target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) && inside(target)) typed.set(target, target.value);
  };
  const stopListening = () => {
    for (const type of INTERACTIONS) document.removeEventListener(type, onInteraction, true);
  };
  if (typeof document !== 'undefined') {
    for (const type of INTERACTIONS) document.addEventListener(type, onInteraction, true);
    document.addEventListener('input', onInput, true);
  }
  /**
   * The idle import is planned at the part's first render, not when this module runs: the module
   * runs before the entry begins hydration (while the page's chunk loads), when `onHydrated`
   * would run it at once and the browser's first idle moment could come before hydration.
   */
  let planned = false;
  const planIdleStart = () => {
    if (planned) return;
    planned = true;
    onHydrated(() => whenIdle(() => void start()));
  };

  /** Mounted once the boundary has hydrated: focus and text taken before then are given again. */
  function Hydrated(props: P) {
    useEffect(() => {
      document.removeEventListener('input', onInput, true);
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && inside(focused)) {
        focused.blur();
        focused.focus();
      }
      for (const [field, text] of typed) {
        if (!field.isConnected) continue;
        // React tracks the last value it knows of through the element's own setter (hydration took
        // the typed text as known, and the next render would put the component's value back): the
        // tracked value is emptied, the text set past the tracker, so the input event is a change.
        field.value = '';
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, text);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
      typed.clear();
    }, []);
    return createElement(Loaded as ComponentType<P>, props);
  }

  /**
   * Suspends until the chunk is in: during hydration React keeps the server's DOM meanwhile. The
   * same component renders the part before and after its chunk is in: a different one in its
   * place would make React mount the part anew on its next render, its DOM and state replaced.
   */
  function PartOnceLoaded(props: P) {
    const hydrating = useHydrating();
    if (!Loaded) {
      // A part first mounted after hydration (no server DOM to keep) needs its chunk now. React may
      // hydrate the part after the app's first commit (inside a region of app/hydrate-later.tsx):
      // hydrating is asked of React, not of the start-up's flag.
      if (hydrating && loadWhen === 'idle') planIdleStart();
      else void start();
      use(ready);
    }
    return createElement(Hydrated, props);
  }

  // Memoized: a boundary React has not hydrated yet that is rendered again with new props is
  // rendered on the client instead, which would drop the server's DOM (the fallback is empty)
  // until the chunk is in. Props are compared shallowly unless the part says how: a part takes
  // plain values, or an equality that holds for the same values in new objects.
  return memo(function DeferredPart(props: P) {
    return createElement(Suspense, { fallback: null }, createElement(PartOnceLoaded, props));
  }, propsAreEqual) as unknown as ComponentType<P>;
}
