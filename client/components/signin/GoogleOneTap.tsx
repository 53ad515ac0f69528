// One-tap sign-in (docs/product/2-sign-in-notices-cache-routing.md §4.2; docs/sign-in.md,
// "One-tap sign-in"): when Google's client id is configured, a signed-out reader on an eligible
// route and a wide enough screen gets Google Identity Services' prompt. Chosen, Google posts the
// account's ID token to /m/callback/google-one-tap (verified there). Nothing renders on the server
// and nothing loads otherwise: the script is added only in the browser, only when eligible.
import { useEffect } from 'react';
import { GOOGLE_IDENTITY_SCRIPT, ONE_TAP_MIN_WIDTH_PX, oneTapEligible } from '../../../shared/auth/one-tap.ts';
import { useAppState } from '../../app/app-state.tsx';
import { useViewerSession } from '../header/viewer-session.tsx';

export const ONE_TAP_CALLBACK_PATH = '/m/callback/google-one-tap';

export function GoogleOneTap({ routeName }: { routeName: string | null }) {
  const state = useAppState();
  const { isLoggedIn } = useViewerSession();
  const clientId = state.config.googleOneTapClientId ?? null;
  const eligible = oneTapEligible({ clientId, isLoggedIn, routeName, hostKind: state.navigation.hostKind, flags: state.flags });
  useEffect(() => {
    if (!eligible || !clientId || window.innerWidth < ONE_TAP_MIN_WIDTH_PX) return;
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
  }, [eligible, clientId]);
  return null;
}
