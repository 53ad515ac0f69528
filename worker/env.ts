import type { D1Database, Fetcher, R2Bucket } from '@cloudflare/workers-types';

/** Bindings and configuration of the worker (wrangler.toml [vars], secrets and bindings). */
export interface Env {
  DB: D1Database;
  ASSETS: Fetcher;
  /** development | staging | production */
  ENVIRONMENT: string;
  /** Host (with port locally) of the main site, e.g. "localhost:8787" or "vellum.example". */
  MAIN_HOST: string;
  AUTH_DOMAIN: string;
  PRODUCT_NAME: string;
  /** "on" | "off" */
  EDGE_CACHE: string;
  EDGE_CACHE_TTL_SECONDS: string;
  /** Comma-separated feature flags on for everyone. */
  FLAGS: string;
  STATUS_SITE_URL: string;
  /** Secret. Bearer token for POST /_/admin/cache/purge; development falls back to a documented default. */
  ADMIN_PURGE_TOKEN?: string;
  /** Secrets for the zone purge API (production). */
  CF_ZONE_ID?: string;
  CF_API_TOKEN?: string;
  // ---- Sign-in (worker/auth/, worker/mail/; see docs/sign-in.md) ----
  /** Secret. Key of the HMAC that stores six-digit codes; development falls back to a documented default. */
  AUTH_SECRET?: string;
  /** Secret. Resend API key for outgoing mail (production); unset in development (dev mailbox). */
  MAIL_API_KEY?: string;
  /** Sender of outgoing mail, e.g. "Vellum <no-reply@vellum.example>". */
  MAIL_FROM?: string;
  // ---- Newsletters (worker/newsletters/; docs/newsletters.md) ----
  /** Secret. Key of the HMAC that signs newsletter unsubscribe and email-settings links; development falls back to a documented default. */
  NEWSLETTER_SECRET?: string;
  /** Cloudflare Turnstile keys: the captcha on sending sign-in mail is off unless both are set. */
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  /** OAuth clients of the social sign-in providers; a provider without its keys has no button. */
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  FACEBOOK_APP_ID?: string;
  FACEBOOK_APP_SECRET?: string;
  /** Sign in with Apple: the Services ID, team, key id and the key's PKCS#8 PEM (signs the client secret). */
  APPLE_CLIENT_ID?: string;
  APPLE_TEAM_ID?: string;
  APPLE_KEY_ID?: string;
  APPLE_PRIVATE_KEY?: string;
  TWITTER_CLIENT_ID?: string;
  TWITTER_CLIENT_SECRET?: string;
  /**
   * "local" (development only; scripts/lib/development-vars.mjs): each provider without its keys is
   * the local identity provider's stand-in (worker/auth/social/local-identity-provider.ts).
   */
  SIGN_IN_PROVIDERS?: string;
  /**
   * Mastodon for members (docs/adr/0180-mastodon-for-members.md): the https origin of the members'
   * instance, where "Create a Mastodon account" claims an account; "local" (development only) is
   * the stand-in instance the worker serves at /_/dev/mastodon. Unset: members can only connect
   * an account they have elsewhere.
   */
  MASTODON_INSTANCE?: string;
  /**
   * The registrar's Domain Connect apply address for custom-domain setup
   * (docs/adr/0182-registrar-hand-off.md); unset, development uses the local registrar at
   * /_/dev/registrar and a deployment offers no hand-off (the records are added by hand).
   */
  REGISTRAR_APPLY_URL?: string;
  // ---- Search (worker/search/; see docs/search.md and the README's "Search") ----
  /** The search app id the client and the local service use (the local service answers only this id). */
  SEARCH_APP_ID: string;
  /** Prefix of the four index names ({prefix}post, {prefix}user, {prefix}collection, {prefix}tag). */
  SEARCH_INDEX_PREFIX: string;
  /** The public, search-only key the browser sends. */
  SEARCH_API_KEY: string;
  /**
   * Secret. The hosted app's admin key: when set, the client searches the hosted app
   * ({SEARCH_APP_ID}-dsn.algolia.net) and every index write is pushed there too.
   */
  SEARCH_ADMIN_KEY?: string;
  /** Queries per second one address may send to the local service (default 50; benchmarks raise it). */
  SEARCH_QUERIES_PER_SECOND?: string;
  // ---- The fediverse (worker/federation/; docs/adr/0206-refusing-remote-instances.md) ----
  /** Activities one remote host may post to the inboxes per minute (default 300); past it 429 with Retry-After. */
  FEDERATION_INBOX_PER_MINUTE?: string;
  /**
   * Development only (ignored elsewhere): every outgoing delivery goes to this address instead of
   * the follower's inbox, the original inbox in its `inbox` query parameter (bench/scale-federation.bench.mjs).
   */
  FEDERATION_DELIVERY_SINK?: string;
  // ---- Writing (worker/uploads/; docs/adr/0074-uploads-judged-by-their-bytes.md) ----
  /** R2 bucket of uploaded images (story images, profile photos, publication avatars). */
  IMAGES: R2Bucket;
  /** imageUploadMaxSizeMb (the config of docs/product/3-routes-data-calls-constants.md §9): uploads past it get 413. */
  IMAGE_UPLOAD_MAX_SIZE_MB?: string;
  // ---- Accounts: the /v1 API's IFTTT service (worker/api/v1/; docs/adr/0089-ifttt.md) ----
  /** Secret. The IFTTT-Service-Key IFTTT sends; /ifttt/v1/status answers 404 without it. */
  IFTTT_SERVICE_KEY?: string;
  /** The account IFTTT's endpoint tests act as (/ifttt/v1/test/setup); without it that endpoint is 404. */
  IFTTT_TEST_USERNAME?: string;
  // ---- Accounts: custom-domain verification (worker/accounts/dns/; docs/adr/0086-a-writers-custom-domain.md) ----
  /** The DNS-over-HTTPS JSON endpoint asked outside development (default https://cloudflare-dns.com/dns-query). */
  DNS_OVER_HTTPS_URL?: string;
  // ---- Hardening (worker/hardening/; docs/adr/0049-production-values-by-default.md) ----
  /** Origin of the image CDN when images are not served by the worker itself (/_/img): allowed by the pages' CSP. */
  IMAGE_ORIGIN?: string;
  /** "on" only in the integration tests' bindings (vitest.config.ts): honours x-vellum-fault in development. */
  FAULT_INJECTION?: string;
  /** The faults a test request asked for (set per request by worker/hardening/fault-injection.ts; never configured). */
  INJECTED_FAULTS?: ReadonlySet<"d1" | "cache-match" | "cache-put" | "mailer" | "payments" | "queue-batch">;
  // ---- Scale: the fan-out queue (worker/queues/; docs/adr/0090-one-fan-out-queue.md) ----
  /** Producer binding of the vellum-fanout queue; absent (a harness without queues): the work runs inline after the answer. */
  FANOUT_QUEUE?: import('@cloudflare/workers-types').Queue<unknown>;
  // ---- Membership and payments (worker/payments/, docs/membership.md) ----
  /**
   * "local": the test provider inside the worker (development only: refused elsewhere);
   * "stripe" (the default outside development): Stripe, with the two secrets below.
   */
  PAYMENT_PROVIDER?: string;
  /** Secret. Stripe's API key (sk_live_… / sk_test_…). */
  STRIPE_SECRET_KEY?: string;
  /** Secret. The signing secret of the Stripe webhook endpoint /_/payments/webhook (whsec_…). */
  STRIPE_WEBHOOK_SECRET?: string;
  /** Another origin for Stripe's API (a local stand-in in tests); unset in production. */
  STRIPE_API_BASE?: string;
  /**
   * How long a page request's sign-in (session and user row) is held in an isolate's memory, in
   * ms (worker/session/held-sign-ins.ts, docs/adr/0101-held-sign-ins.md): the bound on a sign-out
   * made elsewhere. Default 30000, at most 60000; 0: read it from D1 on every page.
   */
  VIEWER_HOLD_MS?: string;
  // ---- Reader: log forwarding (worker/lib/log-forwarding.ts; docs/reader.md "Request logs") ----
  /** A log-intake service's address; each request's records are POSTed there. Unset: console logs. */
  LOG_INTAKE_URL?: string;
  /**
   * The discount offer new members get on monthly plans: ONE_MONTH_FREE, THREE_MONTHS_FREE or
   * SIX_MONTHS_FREE (shared/membership/plans.ts); unset or anything else: none. Chosen here,
   * never by the client (docs/membership.md "Discount offers").
   */
  MEMBERSHIP_DISCOUNT_OFFER?: string;
  // ---- Start-up configuration (docs/adr/0108-startup-configuration.md; shared/startup-config.ts) ----
  /** JSON { monthly, monthlyWithTrial, yearly, yearlyStaff, yearlyWithTrial }: the processor's plan ids. */
  PAYMENT_PLAN_IDS?: string;
  /** JSON { oneMonthFree, threeMonthsFree, sixMonthsFree }: the processor's discount ids. */
  PAYMENT_DISCOUNT_IDS?: string;
  /** 3-D Secure version given to the payment adapter (default 2). */
  THREE_D_SECURE_VERSION?: string;
  /** Wallet version given to the payment adapter (default 3). */
  WALLET_VERSION?: string;
  /** Comma-separated story ids staff picked. */
  STAFF_PICKS?: string;
  /** Comma-separated topic slugs onboarding offers to follow, in order (worker/topics/topics-to-follow.ts); unset, the product's list. */
  TOPICS_TO_FOLLOW?: string;
  /** Comma-separated tier-one domains. */
  TIER_ONE_DOMAINS?: string;
  /** Browser logging: the log intake's client token and data centre (us or eu); both or neither. */
  LOG_CLIENT_TOKEN?: string;
  LOG_DATACENTER?: string;
  /** silent, error, warn, info, debug or trace (default info). */
  LOG_LEVEL?: string;
  /** The homepage experiment's id (its name is not known). */
  HOMEPAGE_EXPERIMENT_ID?: string;
  /** Comma-separated client builds withdrawn by the operators ("entry-…"): their tabs reload at once (shared/client-app-support.ts). */
  DROPPED_CLIENT_BUILDS?: string;
}

export function isDevelopment(env: Pick<Env, 'ENVIRONMENT'>): boolean {
  return env.ENVIRONMENT === 'development';
}

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$|\.localhost(:\d+)?$/;

/** The main site's origin: http for a local development host (localhost, 127.0.0.1, [::1], *.localhost), else https. */
export function mainOrigin(env: Pick<Env, 'MAIN_HOST'>): string {
  return `${LOCAL_HOST.test(env.MAIN_HOST) ? 'http' : 'https'}://${env.MAIN_HOST}`;
}

/** Global feature flags from configuration. */
export function configuredFlags(env: Pick<Env, 'FLAGS'>): Set<string> {
  return new Set(
    (env.FLAGS ?? '')
      .split(',')
      .map((flag) => flag.trim())
      .filter(Boolean),
  );
}
