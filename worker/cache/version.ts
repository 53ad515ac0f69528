// The deployment version in every cache key: what all pages embed from the deployment
// rather than from their data — the client bundle's hashed file names, the global flags,
// the environment, the main host. A deploy that changes any of them starts a new set of
// keys, so no page pointing at a bundle the deployment no longer serves is ever a HIT.
import manifest from '../generated/asset-manifest.json' with { type: 'json' };
import type { Env } from '../env.ts';
import { deploymentVersion } from './cache-key.ts';

/** Besides these, the start-up configuration every page carries (worker/pages/startup-config.ts). */
const STARTUP_SETTINGS = ['PAYMENT_PLAN_IDS', 'PAYMENT_DISCOUNT_IDS', 'THREE_D_SECURE_VERSION', 'WALLET_VERSION', 'STAFF_PICKS', 'TIER_ONE_DOMAINS', 'LOG_CLIENT_TOKEN', 'LOG_DATACENTER', 'LOG_LEVEL', 'HOMEPAGE_EXPERIMENT_ID'] as const;

type VersionEnv = Pick<Env, 'FLAGS' | 'ENVIRONMENT' | 'MAIN_HOST' | 'PRODUCT_NAME' | 'STATUS_SITE_URL'> & Partial<Pick<Env, (typeof STARTUP_SETTINGS)[number]>>;

/** Computed once per bindings object (one per isolate in production): this runs on every HIT. */
const versions = new WeakMap<object, string>();

export function currentDeploymentVersion(env: VersionEnv): string {
  let version = versions.get(env);
  if (!version) {
    const parts = [JSON.stringify(manifest), env.FLAGS ?? '', env.ENVIRONMENT ?? '', env.MAIN_HOST ?? '', env.PRODUCT_NAME ?? '', env.STATUS_SITE_URL ?? ''];
    // Only when set, so a deployment without them keeps the keys it had.
    for (const name of STARTUP_SETTINGS) if (env[name]) parts.push(`${name}=${env[name]}`);
    versions.set(env, (version = deploymentVersion(parts)));
  }
  return version;
}
