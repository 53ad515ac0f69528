// The EU privacy banner rule (docs/product/2-sign-in-notices-cache-routing.md §4.6): shown once per
// session to a visitor who is not logged in, whose country is in the list, and who has not accepted
// the policy.
//
// Pages for logged-out visitors are cached and shared across countries, so the country
// cannot come with the page: after hydration the client asks GET /_/api/geo (never cached,
// worker/endpoints/geo.ts). It asks only while the banner could still show: not after acceptance
// (localStorage), not twice in a session (the answer is kept in sessionStorage).
import { localJsonStorage, sessionJsonStorage, type JsonStorage } from './browser-storage.ts';

export const GEO_PATH = '/_/api/geo';
export const PRIVACY_ACCEPTED_KEY = 'vellum:euPrivacyPolicyAccepted';
export const PRIVACY_SHOWN_KEY = 'vellum:euPrivacyBannerShown';
const GEO_ANSWER_KEY = 'vellum:geo';

interface GeoAnswer {
  country: string | null;
  euPrivacyBanner: boolean;
}

export interface PrivacyBannerDeps {
  local?: JsonStorage;
  session?: JsonStorage;
  fetchGeo?: () => Promise<GeoAnswer>;
}

async function fetchGeoAnswer(): Promise<GeoAnswer> {
  const response = await fetch(GEO_PATH, { credentials: 'omit', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${GEO_PATH} answered ${response.status}`);
  return (await response.json()) as GeoAnswer;
}

/** Whether the banner is due now for a logged-out visitor. Network failures mean no banner. */
export async function privacyBannerDue(deps: PrivacyBannerDeps = {}): Promise<boolean> {
  const local = deps.local ?? localJsonStorage();
  const session = deps.session ?? sessionJsonStorage();
  if (local.get<boolean>(PRIVACY_ACCEPTED_KEY, false) === true) return false;
  if (session.get<boolean>(PRIVACY_SHOWN_KEY, false) === true) return false;
  let answer = session.get<GeoAnswer | null>(GEO_ANSWER_KEY, null);
  if (!answer || typeof answer.euPrivacyBanner !== 'boolean') {
    try {
      answer = await (deps.fetchGeo ?? fetchGeoAnswer)();
    } catch {
      return false;
    }
    session.set(GEO_ANSWER_KEY, answer);
  }
  return answer.euPrivacyBanner === true;
}

export function markPrivacyBannerShown(session: JsonStorage = sessionJsonStorage()): void {
  session.set(PRIVACY_SHOWN_KEY, true);
}

/**
 * Closing the banner accepts the policy (docs/product/2-sign-in-notices-cache-routing.md §4.4
 * "Closing stores an accepted flag").
 */
export function acceptPrivacyPolicy(local: JsonStorage = localJsonStorage()): void {
  local.set(PRIVACY_ACCEPTED_KEY, true);
}
