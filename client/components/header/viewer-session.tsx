// The client's logged-in state. It starts from the page's preloaded state and is cleared
// by signing out (docs/product/1-product-screens-membership-header-search.md §4 "Sign out: goes to
// the sign-out route carrying the session anti-forgery value, clears the client's logged-in state
// and navigates").
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { PreloadedState, PreloadedViewer } from '../../../shared/preloaded-state.ts';
import { signOutUrl } from '../../../shared/urls/auth-urls.ts';
import { linkContextForState } from './link-context.ts';

export interface ViewerSession {
  isLoggedIn: boolean;
  viewer: PreloadedViewer | null;
  /** The session's anti-forgery value; null when logged out. */
  xsrf: string | null;
  /** Clears the logged-in state and goes to /m/signout/{xsrf}. */
  signOut(): void;
}

const ViewerSessionContext = createContext<ViewerSession | null>(null);

export function ViewerSessionProvider({
  state,
  assignLocation,
  children,
}: {
  state: PreloadedState;
  /** How sign-out navigates (a full load: the server clears the cookie); window.location by default. */
  assignLocation?: (url: string) => void;
  children: ReactNode;
}) {
  const [signedOut, setSignedOut] = useState(false);
  const viewer = signedOut ? null : state.viewer;
  const xsrf = signedOut ? null : state.session.xsrf;
  const isLoggedIn = !signedOut && state.session.isLoggedInCookie;

  const signOut = useCallback(() => {
    const token = state.session.xsrf;
    if (!token) {
      // The server logs the same words when a sign-out arrives without it
      // (docs/product/1-product-screens-membership-header-search.md §8).
      console.warn('No xsrf token found');
      return;
    }
    setSignedOut(true);
    const url = signOutUrl(token, linkContextForState(state));
    if (assignLocation) assignLocation(url);
    else window.location.assign(url);
  }, [state, assignLocation]);

  const value = useMemo(() => ({ isLoggedIn, viewer, xsrf, signOut }), [isLoggedIn, viewer, xsrf, signOut]);
  return <ViewerSessionContext.Provider value={value}>{children}</ViewerSessionContext.Provider>;
}

export function useViewerSession(): ViewerSession {
  const session = useContext(ViewerSessionContext);
  if (!session) throw new Error('useViewerSession must be used inside ViewerSessionProvider');
  return session;
}
