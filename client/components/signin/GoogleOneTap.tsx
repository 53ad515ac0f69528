// One-tap sign-in (docs/product/2-sign-in-notices-cache-routing.md §4.2; docs/sign-in.md,
// "One-tap sign-in"): when one-tap is on (enable_google_one_tap, and not disable_sign_in_google —
// read here and on the server), a signed-out reader on an eligible route and a wide enough screen
// gets a prompt. With Google's client id it is Google Identity Services' own prompt: chosen, Google
// posts the account's ID token to /m/callback/google-one-tap (verified there). With the local
// identity provider (development) it is the spec's prompt card, drawn by us: "Continue to …", Sign
// up, "Already have an account? Sign in" and the terms notice, its buttons starting the local
// Google sign-in (docs/adr/0156-one-tap-prompt-card.md). Nothing renders on the server and nothing
// loads otherwise: the card and the script appear only in the browser, only when eligible.
import { useEffect, useState } from 'react';
import { GOOGLE_IDENTITY_SCRIPT, ONE_TAP_MIN_WIDTH_PX, oneTapEligible } from '../../../shared/auth/one-tap.ts';
import { useAppState } from '../../app/app-state.tsx';
import { useViewerSession } from '../header/viewer-session.tsx';
import { SUSI_TEXTS } from './texts.ts';

export const ONE_TAP_CALLBACK_PATH = '/m/callback/google-one-tap';
/** Where the card's dismissal is remembered, and for how long it stays away ("not dismissed recently"). */
export const ONE_TAP_DISMISSED_KEY = 'vellum.oneTapDismissedAt';
export const ONE_TAP_QUIET_MS = 24 * 60 * 60 * 1000;

function dismissedRecently(): boolean {
  try {
    const at = Number(window.localStorage.getItem(ONE_TAP_DISMISSED_KEY) ?? 0);
    return at > 0 && Date.now() - at < ONE_TAP_QUIET_MS;
  } catch {
    return false;
  }
}

function OneTapCard({ productName, onClose }: { productName: string; onClose: () => void }) {
  const here = window.location.pathname + window.location.search;
  const start = (operation: 'login' | 'register') => `/m/connect/google?${new URLSearchParams({ operation, redirect: here })}`;
  return (
    <aside className="one-tap-card" role="dialog" aria-labelledby="one-tap-title" data-testid="one-tap-card">
      <button type="button" className="one-tap-close" aria-label={SUSI_TEXTS.close} onClick={onClose}>
        ×
      </button>
      <p className="one-tap-provider">Sign in with Google</p>
      <h2 className="one-tap-title" id="one-tap-title">
        Continue to {productName}
      </h2>
      <a className="button button-dark one-tap-signup" href={start('register')}>
        {SUSI_TEXTS.registerCallToAction}
      </a>
      <p className="one-tap-switch">
        {SUSI_TEXTS.haveAccount} <a href={start('login')}>{SUSI_TEXTS.signIn}</a>
      </p>
      <p className="one-tap-terms">{SUSI_TEXTS.termsNotice(SUSI_TEXTS.registerCallToAction, productName)}</p>
    </aside>
  );
}

export function GoogleOneTap({ routeName }: { routeName: string | null }) {
  const state = useAppState();
  const { isLoggedIn } = useViewerSession();
  const clientId = state.config.googleOneTapClientId ?? null;
  const local = state.config.googleOneTapLocal === true;
  const eligible = oneTapEligible({ clientId, isLoggedIn, routeName, hostKind: state.navigation.hostKind, flags: state.flags });
  const [showCard, setShowCard] = useState(false);
  useEffect(() => {
    if (!eligible || !clientId || window.innerWidth < ONE_TAP_MIN_WIDTH_PX) return;
    if (local) {
      // Google backs off after a dismissal on its own; our card remembers it here.
      setShowCard(!dismissedRecently());
      return;
    }
    // Google's "HTML API": the script reads this element and shows its prompt; the credential is
    // posted to login_uri with its g_csrf_token double-submit value.
    const holder = document.createElement('div');
    holder.id = 'g_id_onload';
    holder.dataset.client_id = clientId;
    holder.dataset.login_uri = `${window.location.origin}${ONE_TAP_CALLBACK_PATH}?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`;
    holder.dataset.auto_select = 'false';
    holder.dataset.cancel_on_tap_outside = 'true';
    holder.dataset.itp_support = 'true';
    document.body.appendChild(holder);
    const script = document.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT;
    script.async = true;
    script.dataset.testid = 'google-one-tap-script';
    document.body.appendChild(script);
    return () => {
      holder.remove();
      script.remove();
    };
  }, [eligible, clientId, local]);
  if (!showCard || !eligible) return null;
  return (
    <OneTapCard
      productName={state.config.productName}
      onClose={() => {
        try {
          window.localStorage.setItem(ONE_TAP_DISMISSED_KEY, String(Date.now()));
        } catch {
          // storage refused: the card closes for this page only
        }
        setShowCard(false);
      }}
    />
  );
}
