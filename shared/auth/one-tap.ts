// One-tap sign-in's rules (docs/product/2-sign-in-notices-cache-routing.md §4.2): where the prompt
// may show, shared by the client component and its tests.

/** The routes on which the prompt may show. */
export const ONE_TAP_ROUTES: ReadonlySet<string> = new Set([
  'ShowHome',
  'ShowPost',
  'ShowPostUnderUser',
  'ShowPostUnderCollection',
  'ShowUser',
  'ShowSequenceLibrary',
  'ShowSequencePost',
  'ShowCollectionHome',
]);

export const ONE_TAP_FLAG = 'enable_google_one_tap';
export const ONE_TAP_ON_SUBDOMAINS_FLAG = 'enable_google_one_tap_on_subdomains';
/** Google sign-in switched off: no prompt either (worker/auth/social/provider.ts DISABLE_SIGN_IN_FLAGS). */
export const DISABLE_SIGN_IN_GOOGLE_FLAG = 'disable_sign_in_google';
/** Narrower windows are "a small screen": no prompt. */
export const ONE_TAP_MIN_WIDTH_PX = 728;
/** Google Identity Services' script (allowed by the pages' CSP only when GOOGLE_CLIENT_ID is set). */
export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

/**
 * Whether the prompt may show: enable_google_one_tap on and disable_sign_in_google off (the server
 * reads the same flags), a configured client id, a signed-out viewer, an eligible route, and
 * on a writer's or publication's own host only with the subdomains flag. (The small screen and
 * the recent dismissal are judged in the browser: the window's width, and Google's own cooldown.)
 */
export function oneTapEligible(input: { clientId: string | null | undefined; isLoggedIn: boolean; routeName: string | null; hostKind: string; flags: readonly string[] }): boolean {
  if (!input.flags.includes(ONE_TAP_FLAG) || input.flags.includes(DISABLE_SIGN_IN_GOOGLE_FLAG)) return false;
  if (!input.clientId || input.isLoggedIn || !input.routeName || !ONE_TAP_ROUTES.has(input.routeName)) return false;
  if (input.hostKind !== 'default' && !input.flags.includes(ONE_TAP_ON_SUBDOMAINS_FLAG)) return false;
  return true;
}
