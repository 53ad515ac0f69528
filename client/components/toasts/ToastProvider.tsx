// The toast provider, the useToast() hook and the toast viewport
// (docs/product/2-sign-in-notices-cache-routing.md §4.4). One toast at a time: a new one replaces
// the current one; it fades out when its duration ends or it is closed. Mounted once by
// client/layouts/App.tsx.
//
// Start-up toasts: the sign-in confirmation (preloaded state, after a sign-in) and the EU
// privacy banner (privacy-banner.ts), both after hydration so the server's markup and the
// hydrated markup agree.
import { createContext, lazy, Suspense, useContext, useEffect, useMemo, useReducer, useRef } from 'react';
import type { ReactNode } from 'react';
import { useAppState } from '../../app/app-state.tsx';
import { useNavigation } from '../../app/navigation.tsx';
import { useViewerSession } from '../header/viewer-session.tsx';
import { whenIdle } from '../../app/when-idle.ts';
import { initialToastState, toastReducer, toastTimer, type ToastRequest } from './toast-queue.ts';

// A toast's texts and actions (the catalogue) load with the first toast: most pages show none.
const ToastViewport = lazy(() => import('./ToastViewport.tsx').then((module) => ({ default: module.ToastViewport })));

/** The live region is always in the page, so the first toast is announced when it appears. */
function EmptyToastViewport() {
  return <div className="toast-viewport" aria-live="polite" data-testid="toast-viewport" />;
}

export interface ToastApi {
  /** Shows a toast in place of the current one. */
  showToast(toast: ToastRequest): void;
  /** Closes the current toast (it fades out). */
  closeToast(): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const { location } = useNavigation();
  const locationKey = location.pathname + location.search;
  const [state, dispatch] = useReducer(toastReducer, initialToastState);
  const locationRef = useRef(locationKey);
  locationRef.current = locationKey;

  const api = useMemo<ToastApi>(
    () => ({
      showToast: (toast) => dispatch({ type: 'enqueue', toast, location: locationRef.current }),
      closeToast: () => dispatch({ type: 'dismiss' }),
    }),
    [],
  );

  useEffect(() => dispatch({ type: 'locationChanged', location: locationKey }), [locationKey]);

  const current = state.current;
  useEffect(() => {
    const timer = toastTimer(current);
    if (!timer) return;
    const handle = setTimeout(() => dispatch(timer.action), timer.delayMs);
    return () => clearTimeout(handle);
  }, [current]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {current ? (
        <Suspense fallback={<EmptyToastViewport />}>
          <ToastViewport entry={current} api={api} />
        </Suspense>
      ) : (
        <EmptyToastViewport />
      )}
      <StartupToasts />
    </ToastContext.Provider>
  );
}

/** Toasts a page starts with, shown once hydrated. */
function StartupToasts() {
  const state = useAppState();
  const session = useViewerSession();
  const { showToast } = useToast();
  const confirmation = state.signInConfirmation;
  const loggedIn = session.isLoggedIn;

  useEffect(() => {
    if (confirmation && loggedIn) {
      showToast({ style: 'SIGN_IN_CONFIRMATION', extraParams: { email: confirmation.email, isMember: confirmation.isMember, newAccount: confirmation.newAccount === true } });
    }
    // Once per page load.
  }, []);

  // A suspended or limited account sees its banner until it closes it
  // (docs/product/2-sign-in-notices-cache-routing.md §4.4).
  const standing = state.viewer?.standing;
  useEffect(() => {
    if (standing === 'SUSPENDED') showToast({ style: 'USER_SUSPENDED', duration: 'FOREVER' });
    else if (standing === 'LIMITED') showToast({ style: 'LIMITED_STATE_BANNER', duration: 'FOREVER' });
    // Once per page load.
  }, []);

  useEffect(() => {
    if (loggedIn) return;
    let cancelled = false;
    // The storage reads and the country's request are no part of hydration's commit: they wait
    // until the page is idle (docs/adr/0224-start-up-work-in-slices.md).
    // The banner's rule and its storage come with it: a chunk imported then, not start-up work
    // (docs/adr/0233-a-visitors-shell-without-signed-in-code.md).
    const cancelIdle = whenIdle(() =>
      void import('./privacy-banner.ts')
        .then(({ acceptPrivacyPolicy, markPrivacyBannerShown, privacyBannerDue }) =>
          privacyBannerDue().then((due) => {
            if (!due || cancelled) return;
            markPrivacyBannerShown();
            showToast({ style: 'EU_PRIVACY_BANNER', duration: 'FOREVER', extraParams: { onClose: () => acceptPrivacyPolicy() } });
          }),
        )
        .catch(() => {
          // The chunk could not load (the network): no banner on this page, as when the country is not known.
        }),
    );
    return () => {
      cancelled = true;
      cancelIdle();
    };
    // Once per page load.
  }, []);
  return null;
}
