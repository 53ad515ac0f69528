// GET /_/api/geo: the visitor's country and whether the EU privacy banner applies to it
// (docs/product/2-sign-in-notices-cache-routing.md §4.6). Pages for logged-out visitors are cached
// and shared across countries, so the page itself cannot say; the client asks this endpoint after
// hydrating, only while logged out and only until the banner was accepted
// (client/components/toasts/). The answer depends on the caller's address: never stored by any
// cache.
import type { Context } from 'hono';
import type { Env } from '../env.ts';
import { requestCountry } from '../host/request-country.ts';

export const GEO_PATH = '/_/api/geo';

/**
 * Countries whose visitors see the privacy banner
 * (docs/product/2-sign-in-notices-cache-routing.md §4.6).
 */
export const EU_PRIVACY_BANNER_COUNTRIES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT',
  'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'GB',
]);

export interface GeoAnswer {
  /** ISO 3166-1 alpha-2, or null when unknown (e.g. Tor, or no geolocation). */
  country: string | null;
  euPrivacyBanner: boolean;
}

export function geoAnswer(request: Request): GeoAnswer {
  const country = requestCountry(request);
  return { country, euPrivacyBanner: country !== null && EU_PRIVACY_BANNER_COUNTRIES.has(country) };
}

export function handleGeo(c: Context<{ Bindings: Env }>): Response {
  return c.json(geoAnswer(c.req.raw), 200, { 'cache-control': 'private, no-store', vary: '*' });
}
