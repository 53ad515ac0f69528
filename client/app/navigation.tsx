// Client-side navigation: same-host links that match a page route change the page in
// place (pushState), everything else is a full navigation. The current page stays on
// screen until the next one can render — its chunk loaded and its data in urql's cache —
// inside a React transition, while a thin progress bar shows (docs/adr/0037-navigation-without-a-blank-frame.md).
// Scroll resets to the top on every path change
// (docs/product/2-sign-in-notices-cache-routing.md §2.3).
import { noteLocation } from '../events/common-data.ts';
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, useTransition } from 'react';
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { parseLocation, type AppLocation, type CurrentPage } from './current-page.ts';
import { mustLoadFully } from './client-app-support.ts';
import { markNavigation } from './navigation-timing.ts';
import { whenIdle } from './when-idle.ts';

export { parseLocation, type AppLocation };

interface Navigation {
  location: AppLocation;
  /** The page on screen: resolved once, shared by App and Header. */
  page: CurrentPage;
  /** A navigation is under way: the next page's chunk or data is loading. */
  isNavigating: boolean;
  navigate(href: string, options?: { replace?: boolean }): void;
  /** Loads a page's chunk and data ahead of a likely navigation (the reader's intent on a link). */
  prefetch(href: string): void;
  /** Loads only a page's chunk, within a budget (a card's link in view). */
  preloadCode(href: string): void;
  /** Whether this bundle has a page of that name (one it lacks shows the not-found page). */
  hasPage(pageName: string): boolean;
}

const NavigationContext = createContext<Navigation | null>(null);

/** How the browser readies the page at a location; null leaves the address to the browser. */
export interface PagePreparation {
  prepare(location: AppLocation): Promise<CurrentPage | null>;
  prefetch(location: AppLocation): void;
  preloadCode(location: AppLocation): void;
}

interface ProviderProps {
  initialPage: CurrentPage;
  /** Absent on the server, which renders one page and never navigates. */
  preparation?: PagePreparation;
  /**
   * The page registry's answer (client/pages/registry.ts), passed in by the entry so that
   * nothing a page imports reaches the registry. Absent on the server, which never navigates.
   */
  hasPage?: (pageName: string) => boolean;
  children: ReactNode;
}

type HistoryUpdate = 'push' | 'replace' | 'none';

const EVERY_PAGE = () => true;

export function NavigationProvider({ initialPage, preparation, hasPage = EVERY_PAGE, children }: ProviderProps) {
  const [page, setPage] = useState(initialPage);
  const [isNavigating, startTransition] = useTransition();
  // Only the latest navigation may show its page: a slower earlier one is dropped.
  const latest = useRef(0);

  const go = useCallback(
    (url: URL, history: HistoryUpdate) => {
      // A build the worker no longer serves arrives on the new one (./client-app-support.ts).
      if (!preparation || url.origin !== window.location.origin || mustLoadFully()) {
        window.location.assign(url.href);
        return;
      }
      const ticket = ++latest.current;
      markNavigation('start', url.pathname + url.search);
      const location = parseLocation(url.href);
      // An async transition: React keeps the current page committed (isNavigating is true)
      // until the next page is ready, then swaps in one commit.
      startTransition(async () => {
        let next: CurrentPage | null;
        try {
          next = await preparation.prepare(location);
        } catch {
          next = null;
        }
        if (ticket !== latest.current) return;
        if (!next) {
          window.location.assign(url.href);
          return;
        }
        const ready = next;
        startTransition(() => {
          // The events' common data follows the address: the page left becomes the referrer
          // (docs/product/3-routes-data-calls-constants.md §4). Before pushState: the trail starts from the page left.
          noteLocation(url.href);
          if (history === 'push') window.history.pushState(null, '', url.href);
          else if (history === 'replace') window.history.replaceState(null, '', url.href);
          setPage(ready);
        });
      });
    },
    [preparation],
  );

  const navigate = useCallback(
    (href: string, options: { replace?: boolean } = {}) => go(new URL(href, window.location.href), options.replace ? 'replace' : 'push'),
    [go],
  );

  const prefetch = useCallback(
    (href: string) => {
      const url = new URL(href, window.location.href);
      if (preparation && url.origin === window.location.origin) preparation.prefetch(parseLocation(url.href));
    },
    [preparation],
  );

  const preloadCode = useCallback(
    (href: string) => {
      const url = new URL(href, window.location.href);
      if (preparation && url.origin === window.location.origin) preparation.preloadCode(parseLocation(url.href));
    },
    [preparation],
  );

  useEffect(() => {
    const onPopState = () => go(new URL(window.location.href), 'none');
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [go]);

  const committed = useRef(page);
  useLayoutEffect(() => {
    if (committed.current === page) return;
    committed.current = page;
    markNavigation('commit', page.location.pathname + page.location.search);
  }, [page]);

  // Scroll to the top whenever the path changes (not on the first render: the browser
  // restores or starts at the top itself).
  const previousPath = useRef(page.location.pathname);
  useEffect(() => {
    if (previousPath.current !== page.location.pathname) {
      previousPath.current = page.location.pathname;
      window.scrollTo(0, 0);
    }
  }, [page.location.pathname]);

  const value = useMemo(
    () => ({ location: page.location, page, isNavigating, navigate, prefetch, preloadCode, hasPage }),
    [page, isNavigating, navigate, prefetch, preloadCode, hasPage],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation must be used inside NavigationProvider');
  return navigation;
}

/** The page on screen (route resolution and page definition), resolved once per location. */
export function useCurrentPage(): CurrentPage {
  return useNavigation().page;
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  href: string;
  /**
   * Preload the page as soon as the link renders, not only on the reader's intent
   * (docs/product/1-product-screens-membership-header-search.md §4: "on hover, focus or render"):
   * for the one link a reader is most likely to follow next. Each address is preloaded once.
   */
  preloadOnRender?: boolean;
  /**
   * Load the code of the link's page (not its data) once the link is in view and the browser is
   * idle, within the preparation's budget of chunks (client/app/page-preparation.ts): for the
   * links of cards and bylines, the pages a reader goes to next.
   */
  preloadCodeInView?: boolean;
};

/**
 * A pointer resting on a link this long is an intent to follow it; one passing over it is not
 * (docs/adr/0219-navigation-code-in-view-data-on-intent.md): a pointer crossing a feed does not
 * fetch every story it passes.
 */
export const HOVER_INTENT_MS = 65;

/** Links waiting to come into view, and what each does then; one observer for the page. */
const waitingForView = new Map<Element, () => void>();
let viewObserver: IntersectionObserver | null = null;

function whenInView(element: Element, callback: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') return () => {};
  viewObserver ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const seen = waitingForView.get(entry.target);
      waitingForView.delete(entry.target);
      viewObserver?.unobserve(entry.target);
      seen?.();
    }
  });
  waitingForView.set(element, callback);
  viewObserver.observe(element);
  return () => {
    waitingForView.delete(element);
    viewObserver?.unobserve(element);
  };
}

/** An anchor that navigates in place for same-host page links. */
export function Link({
  href,
  onClick,
  onPointerEnter,
  onPointerLeave,
  onPointerDown,
  onFocus,
  target,
  preloadOnRender = false,
  preloadCodeInView = false,
  ...rest
}: LinkProps) {
  const { navigate, prefetch, preloadCode } = useNavigation();
  const anchor = useRef<HTMLAnchorElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (preloadOnRender) prefetch(href);
  }, [preloadOnRender, href, prefetch]);
  useEffect(() => {
    const element = anchor.current;
    if (!preloadCodeInView || !element || !href.startsWith('/')) return;
    let cancelIdle = () => {};
    const stopWatching = whenInView(element, () => (cancelIdle = whenIdle(() => preloadCode(href))));
    return () => {
      stopWatching();
      cancelIdle();
    };
  }, [preloadCodeInView, href, preloadCode]);
  useEffect(
    () => () => {
      if (hoverTimer.current) clearTimeout(hoverTimer.current);
    },
    [],
  );
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      (target && target !== '_self')
    ) {
      return;
    }
    event.preventDefault();
    navigate(href);
  };
  return (
    <a
      ref={anchor}
      href={href}
      target={target}
      onClick={handleClick}
      onPointerDown={(event) => {
        onPointerDown?.(event);
        // Pressed: the click follows within a tap's length; a touch gives no hover before it.
        if (event.button === 0) prefetch(href);
      }}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        if (event.pointerType !== 'mouse' && event.pointerType !== 'pen') return;
        if (hoverTimer.current) clearTimeout(hoverTimer.current);
        hoverTimer.current = setTimeout(() => prefetch(href), HOVER_INTENT_MS);
      }}
      onPointerLeave={(event) => {
        onPointerLeave?.(event);
        if (hoverTimer.current) clearTimeout(hoverTimer.current);
        hoverTimer.current = null;
      }}
      onFocus={(event) => {
        onFocus?.(event);
        prefetch(href);
      }}
      {...rest}
    />
  );
}
