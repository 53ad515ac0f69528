// The start-up configuration every page carries (docs/product/3-routes-data-calls-constants.md
// §8 "Log config", §9 "Configuration"; docs/adr/0108-startup-configuration.md): the payment
// settings the payment adapter is given (plan ids, discount ids, 3-D Secure and wallet versions),
// staff picks, tier-one domains, logging (client token, data centre, level), the homepage
// experiment id and the beta product names. The worker reads them from its variables
// (worker/pages/startup-config.ts); shared so the client reads the same shapes.

/** 3-D Secure's version unless configured (§9 "Default 3D Secure version 2"). */
export const DEFAULT_THREE_D_SECURE_VERSION = 2;
/** The wallet's version unless configured (§9 "wallet version 3"). */
export const DEFAULT_WALLET_VERSION = 3;

/** Loading skeletons shimmer once every this many ms (§9 "Shimmer animation 1.2 s"; client/styles/app.css). */
export const SHIMMER_DURATION_MS = 1200;

/** The processor's plan ids, one per way to pay (§9). */
export interface PlanIds {
  monthly: string;
  monthlyWithTrial: string;
  yearly: string;
  yearlyStaff: string;
  yearlyWithTrial: string;
}
export const PLAN_ID_NAMES = ['monthly', 'monthlyWithTrial', 'yearly', 'yearlyStaff', 'yearlyWithTrial'] as const satisfies readonly (keyof PlanIds)[];

/** The processor's discount ids: one, three and six months free (§9). */
export interface DiscountIds {
  oneMonthFree: string;
  threeMonthsFree: string;
  sixMonthsFree: string;
}
export const DISCOUNT_ID_NAMES = ['oneMonthFree', 'threeMonthsFree', 'sixMonthsFree'] as const satisfies readonly (keyof DiscountIds)[];

/** What the payment adapter is configured with (worker/payments/). */
export interface PaymentSettings {
  planIds: PlanIds;
  discountIds: DiscountIds;
  threeDSecureVersion: number;
  walletVersion: number;
}

/** The log levels of §9, by name. */
export const LOG_LEVEL_NAMES = ['silent', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevelName = (typeof LOG_LEVEL_NAMES)[number];
export const LOG_DATACENTERS = ['us', 'eu'] as const;
export type LogDatacenter = (typeof LOG_DATACENTERS)[number];

/** Browser logging: the log intake's client token (public, like the search key) and data centre. */
export interface LoggingConfig {
  clientToken: string;
  datacenter: LogDatacenter;
}

/** The spec's two messages (§8 "Log config"). */
export const MISSING_CLIENT_TOKEN = 'Expected a config with a clientToken';
export const MISSING_DATACENTER = 'Expected a config with a datacenter';

/**
 * The logging configuration from what was given; throws the spec's message when the client token
 * or the data centre (us or eu) is missing.
 */
export function loggingConfig(given: { clientToken?: string | null; datacenter?: string | null }): LoggingConfig {
  if (!given.clientToken) throw new Error(MISSING_CLIENT_TOKEN);
  const datacenter = given.datacenter?.toLowerCase();
  if (!datacenter || !(LOG_DATACENTERS as readonly string[]).includes(datacenter)) throw new Error(MISSING_DATACENTER);
  return { clientToken: given.clientToken, datacenter: datacenter as LogDatacenter };
}

/** A log level by name; anything else is `info` (§9). */
export function logLevelOf(name: string | null | undefined): LogLevelName {
  return (LOG_LEVEL_NAMES as readonly string[]).includes(name ?? '') ? (name as LogLevelName) : 'info';
}

/** The beta products (§6 "Beta product names Develop and Hatch are detected"). */
export const BETA_PRODUCT_NAMES = ['Develop', 'Hatch'] as const;
export type BetaProductName = (typeof BETA_PRODUCT_NAMES)[number];

/** The beta product a product name is, or null (case and surrounding spaces ignored). */
export function betaProductOf(productName: string): BetaProductName | null {
  const name = productName.trim().toLowerCase();
  return BETA_PRODUCT_NAMES.find((beta) => beta.toLowerCase() === name) ?? null;
}

/** The start-up configuration written into every page (PreloadedState.config.startup). */
export interface StartupConfig {
  /** The deployment's version (the build the page was rendered by). */
  version: string;
  authDomain: string;
  payments: PaymentSettings;
  /** Story ids staff picked (in order). */
  staffPicks: string[];
  /** Domains whose links count as tier one (lower-case host names). */
  tierOneDomains: string[];
  /** Null when logging is not configured (or misconfigured: the worker logs the spec's message). */
  logging: LoggingConfig | null;
  /** The level of the worker's and the browser's logs. */
  logLevel: LogLevelName;
  /** The homepage experiment, known only by its id (docs/product/2-sign-in-notices-cache-routing.md §9). */
  homepageExperimentId: string | null;
  /** This deployment is a beta product: Develop or Hatch; else null. */
  betaProduct: BetaProductName | null;
  imageUploadMaxSizeMb: number;
}
