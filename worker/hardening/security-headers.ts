// Security headers (docs/adr/0051-security-headers.md and docs/adr/0052-page-content-security-policy.md). Two parts:
//   - headers every response carries, whatever made it (staticSecurityHeaders), added in
//     worker/index.ts after the app answered;
//   - the Content-Security-Policy of an HTML page (pageContentSecurityPolicy), built where
//     the page is rendered because it names the page's own inline script by its hash. A
//     stored copy keeps the header beside the bytes it describes (STORED_HEADERS), so a HIT
//     carries a policy that is valid for exactly the body it serves: hashes, not nonces, for
//     that reason (a nonce stored in a shared copy would be served to every reader).
import { isDevelopment, mainOrigin, type Env } from '../env.ts';
import { hostedSearchOrigins } from '../search/config.ts';

export const CSP_REPORT_PATH = '/_/clientele/reports/csp';

/** Hosts of the sign-in widgets, allowed only when their keys are configured. */
const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
const GOOGLE_SIGN_IN_ORIGIN = 'https://accounts.google.com';
/** Stripe Checkout's hosted page: the checkout form's POST is answered with a redirect there. */
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

export type SecurityEnv = Pick<Env, 'ENVIRONMENT' | 'MAIN_HOST' | 'TURNSTILE_SITE_KEY' | 'GOOGLE_CLIENT_ID' | 'IMAGE_ORIGIN' | 'SEARCH_APP_ID' | 'SEARCH_ADMIN_KEY'> &
  Partial<Pick<Env, 'AUTH_DOMAIN' | 'PAYMENT_PROVIDER'>>;

/** A configured origin ("https://host[:port]"), or null for an unset or malformed value. */
function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(/^[a-z]+:\/\//i.test(value) ? value : `https://${value}`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** SHA-256 of a script's text as a CSP source ('sha256-…'). */
export async function scriptHashSource(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `'sha256-${btoa(binary)}'`;
}

const fixedScriptHashes = new Map<string, Promise<string>>();

/** The hash source of a script whose text is the same on every page, computed once per isolate. */
export function fixedScriptHashSource(text: string): Promise<string> {
  let hash = fixedScriptHashes.get(text);
  if (!hash) fixedScriptHashes.set(text, (hash = scriptHashSource(text)));
  return hash;
}

export interface PagePolicyOptions {
  /** Hash sources of the page's inline scripts. */
  scriptHashes: readonly string[];
  /** The allow_iframe flag (docs/product/2-sign-in-notices-cache-routing.md §5) lets other sites frame the page. */
  allowFraming: boolean;
}

/**
 * Where a page's forms may send the browser (form-action; Chromium also checks every redirect
 * that answers the submission): this host, the main host (a form on a user subdomain posts to
 * its own host and is sent on to the main host's sign-in or checkout), the sign-in host, and —
 * with Stripe as the provider — Stripe Checkout, where POST /_/membership/checkout redirects.
 * The local provider's checkout page is on the main host.
 */
function formActionSources(env: SecurityEnv): string[] {
  const provider = env.PAYMENT_PROVIDER ?? (isDevelopment(env) ? 'local' : 'stripe');
  const sources = ["'self'", mainOrigin(env)];
  if (env.AUTH_DOMAIN) sources.push(mainOrigin({ MAIN_HOST: env.AUTH_DOMAIN }));
  if (provider === 'stripe') sources.push(STRIPE_CHECKOUT_ORIGIN);
  return [...new Set(sources)];
}

/** The Content-Security-Policy of an HTML page. */
export function pageContentSecurityPolicy(env: SecurityEnv, { scriptHashes, allowFraming }: PagePolicyOptions): string {
  const turnstile = env.TURNSTILE_SITE_KEY ? [TURNSTILE_ORIGIN] : [];
  const google = env.GOOGLE_CLIENT_ID ? [GOOGLE_SIGN_IN_ORIGIN] : [];
  const images = originOf(env.IMAGE_ORIGIN);
  const search = hostedSearchOrigins(env);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // No 'unsafe-inline': the start-up globals' script is allowed by its hash, the bundle by origin.
    ['script-src', "'self'", ...scriptHashes, ...turnstile, ...google],
    // Styles: the inlined stylesheet and React's style attributes (avatars' sizes) need inline
    // styles; a style cannot run code.
    ['style-src', "'self'", "'unsafe-inline'", ...google],
    ['img-src', "'self'", 'data:', 'blob:', ...(images ? [images] : [])],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...search, ...google],
    ['frame-src', ...(turnstile.length || google.length ? [...turnstile, ...google] : ["'none'"])],
    ['media-src', "'self'", ...(images ? [images] : [])],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', ...formActionSources(env)],
    ['frame-ancestors', allowFraming ? '*' : "'none'"],
    // report-uri rather than report-to: browsers deliver it at once and everywhere; with
    // report-to present Chromium ignores report-uri and batches reports (ADR 0051).
    ['report-uri', CSP_REPORT_PATH],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** The policy of pages that run no inline script of ours (the 500/503 pages). */
export function plainPageContentSecurityPolicy(env: SecurityEnv): string {
  return pageContentSecurityPolicy(env, { scriptHashes: [], allowFraming: false });
}

/**
 * A deployed host (not development, not a local address): served over https only. Browsers
 * ignore HSTS sent over http. The address is parsed only outside development (a HIT in
 * development pays nothing for it).
 */
function isProductionHost(env: Pick<Env, 'ENVIRONMENT' | 'MAIN_HOST'>, requestUrl: string): boolean {
  return !isDevelopment(env) && !/^(localhost|127\.0\.0\.1|\[::1\])$/.test(new URL(requestUrl).hostname);
}

const ALWAYS: readonly [string, string][] = [
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  // Nothing Vellum does needs these; a page that is compromised cannot ask for them either.
  // (payment is left to the checkout; unknown feature names make Chromium log errors.)
  [
    'permissions-policy',
    'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), serial=(), usb=(), xr-spatial-tracking=(), browsing-topics=()',
  ],
  // Popups (OAuth, checkout) keep their opener only when they are ours: same-origin-allow-popups.
  ['cross-origin-opener-policy', 'same-origin-allow-popups'],
];

/** Two years, with subdomains (user subdomains are served by this worker over https too). */
export const HSTS_VALUE = 'max-age=63072000; includeSubDomains';

/** The headers every response carries (a page's CSP is set where it is rendered). */
const ALWAYS_WITH_HSTS: readonly [string, string][] = [...ALWAYS, ['strict-transport-security', HSTS_VALUE]];

export function staticSecurityHeaders(env: Pick<Env, 'ENVIRONMENT' | 'MAIN_HOST'>, requestUrl: string): readonly [string, string][] {
  return isProductionHost(env, requestUrl) ? ALWAYS_WITH_HSTS : ALWAYS;
}

/**
 * The policy of a response whose maker set none: nothing at all for data (JSON, feeds,
 * images), and for another HTML page the directives that cannot break it (its owner writes
 * its script policy).
 */
const DATA_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";
const OTHER_HTML_POLICY = "object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** Sets each header the response has not set itself (a handler may ask for more, e.g. Referrer-Policy: no-referrer). */
function setAll(target: Headers, headers: readonly [string, string][]): void {
  for (const [name, value] of headers) if (!target.has(name)) target.set(name, value);
  if (!target.has('content-security-policy')) {
    target.set('content-security-policy', (target.get('content-type') ?? '').startsWith('text/html') ? OTHER_HTML_POLICY : DATA_POLICY);
  }
}

/** The response with the static security headers set (a copy when its headers are immutable). */
export function withSecurityHeaders(response: Response, env: SecurityEnv, requestUrl: string): Response {
  const headers = staticSecurityHeaders(env, requestUrl);
  try {
    setAll(response.headers, headers);
    return response;
  } catch {
    // Responses from fetch() (assets, Response.redirect) have immutable headers.
    const copy = new Response(response.body, response);
    setAll(copy.headers, headers);
    return copy;
  }
}
