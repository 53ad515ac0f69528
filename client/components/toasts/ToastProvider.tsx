// The toast provider, the useToast() hook and the toast viewport (spec 2 §4.4). One toast
// at a time: a new one replaces the current one; it fades out when its duration ends or
// it is closed. Mounted once by client/app/App.tsx.
//
// Start-up toasts: the sign-in confirmation (preloaded state, after a sign-in) and the EU
// privacy banner (privacy-banner.ts), both after hydration so the server's markup and the
// hydrated markup agree.
import { createContext, useContext, useEffect, useMemo, useReducer, useRef } from 'react';
import type { ReactNode } from 'react';
import { useAppState } from '../../app/app-state.tsx';
import { useNavigation } from '../../app/navigation.tsx';
import { useLinkContext } from '../header/link-context.ts';
import { useSignInPrompt } from '../header/sign-in-prompt.tsx';
import { useViewerSession } from '../header/viewer-session.tsx';
import { toastContent, type ToastRenderContext } from './catalogue.tsx';
import { acceptPrivacyPolicy, markPrivacyBannerShown, privacyBannerDue } from './privacy-banner.ts';
import { initialToastState, toastReducer, toastTimer, type ToastEntry, type ToastRequest } from './toast-queue.ts';
import { BANNER_TOAST_STYLES, ERROR_TOAST_STYLES, NO_JOURNEY_TOAST_STYLES } from './toast-styles.ts';

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
      <ToastViewport entry={current} api={api} />
      <StartupToasts />
    </ToastContext.Provider>
  );
}

function ToastViewport({ entry, api }: { entry: ToastEntry | null; api: ToastApi }) {
  const state = useAppState();
  const ctx = useLinkContext();
  const openSignIn = useSignInPrompt();
  if (!entry) return <div className="toast-viewport" aria-live="polite" data-testid="toast-viewport" />;

  const close = () => {
    void entry.extraParams.onClose?.();
    api.closeToast();
  };
  const render: ToastRenderContext = {
    productName: state.config.productName,
    ctx,
    now: Date.now(),
    openSignIn,
    show: api.showToast,
    close: api.closeToast,
    reload: () => window.location.reload(),
  };
  const content = toastContent(entry, render);
  const isError = ERROR_TOAST_STYLES.has(entry.style);
  const isBanner = BANNER_TOAST_STYLES.has(entry.style);
  const toast = (
    <div
      key={entry.id}
      className={
        (isBanner ? 'toast-banner' : 'toast') +
        (isError ? ' toast--error' : '') +
        (entry.style === 'ACCENT' ? ' toast--accent' : '') +
        (entry.phase === 'hiding' ? ' is-hiding' : '')
      }
      role={isError ? 'alert' : 'status'}
      data-style={entry.style}
      data-testid="toast"
    >
      <p className="toast-text">{content.text}</p>
      {content.actions.length > 0 ? (
        <div className="toast-actions">
          {content.actions.map((action) =>
            action.href ? (
              <a key={action.label} className="toast-action" href={action.href}>
                {action.label}
              </a>
            ) : (
              <button key={action.label} type="button" className="toast-action" onClick={action.onClick}>
                {action.label}
              </button>
            ),
          )}
        </div>
      ) : null}
      <button type="button" className="toast-close" aria-label="Close" data-testid="toast-close" onClick={close}>
        ×
      </button>
    </div>
  );
  return (
    <div className={`toast-viewport${isBanner ? ' toast-viewport--banner' : ''}`} aria-live="polite" data-testid="toast-viewport">
      {NO_JOURNEY_TOAST_STYLES.has(entry.style) ? (
        toast
      ) : (
        <div className="toast-journey" data-journey={entry.style}>
          {toast}
        </div>
      )}
    </div>
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
      showToast({ style: 'SIGN_IN_CONFIRMATION', extraParams: { email: confirmation.email, isMember: confirmation.isMember } });
    }
    // Once per page load.
  }, []);

  useEffect(() => {
    if (loggedIn) return;
    let cancelled = false;
    void privacyBannerDue().then((due) => {
      if (!due || cancelled) return;
      markPrivacyBannerShown();
      showToast({ style: 'EU_PRIVACY_BANNER', duration: 'FOREVER', extraParams: { onClose: () => acceptPrivacyPolicy() } });
    });
    return () => {
      cancelled = true;
    };
    // Once per page load.
  }, []);
  return null;
}
