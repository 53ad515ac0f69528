// Client-side navigation: same-host links that match a page route change the page in
// place (pushState), everything else is a full navigation. Scroll resets to the top on
// every path change (spec 2 §2.3).
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';

export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
}

interface Navigation {
  location: AppLocation;
  navigate(href: string, options?: { replace?: boolean }): void;
}

const NavigationContext = createContext<Navigation | null>(null);

export function parseLocation(href: string): AppLocation {
  const url = new URL(href, 'http://placeholder.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

interface ProviderProps {
  initialLocation: AppLocation;
  /** Whether this host renders the path in place; otherwise the browser loads it. */
  canRenderInPlace(pathname: string): boolean;
  children: ReactNode;
}

export function NavigationProvider({ initialLocation, canRenderInPlace, children }: ProviderProps) {
  const [location, setLocation] = useState(initialLocation);

  const navigate = useCallback(
    (href: string, options: { replace?: boolean } = {}) => {
      const url = new URL(href, window.location.href);
      if (url.origin !== window.location.origin || !canRenderInPlace(url.pathname)) {
        window.location.assign(url.href);
        return;
      }
      const next = { pathname: url.pathname, search: url.search, hash: url.hash };
      if (options.replace) window.history.replaceState(null, '', url.href);
      else window.history.pushState(null, '', url.href);
      setLocation(next);
    },
    [canRenderInPlace],
  );

  useEffect(() => {
    const onPopState = () => setLocation(parseLocation(window.location.href));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  // Scroll to the top whenever the path changes (not on the first render: the browser
  // restores or starts at the top itself).
  const previousPath = useRef(location.pathname);
  useEffect(() => {
    if (previousPath.current !== location.pathname) {
      previousPath.current = location.pathname;
      window.scrollTo(0, 0);
    }
  }, [location.pathname]);

  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation must be used inside NavigationProvider');
  return navigation;
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** An anchor that navigates in place for same-host page links. */
export function Link({ href, onClick, target, ...rest }: LinkProps) {
  const { navigate } = useNavigation();
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
  return <a href={href} target={target} onClick={handleClick} {...rest} />;
}
