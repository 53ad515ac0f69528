// The deployment version in every cache key: what all pages embed from the deployment
// rather than from their data — the client bundle's hashed file names, the global flags,
// the environment, the main host. A deploy that changes any of them starts a new set of
// keys, so no page pointing at a bundle the deployment no longer serves is ever a HIT.
import manifest from '../generated/asset-manifest.json' with { type: 'json' };
import type { Env } from '../env.ts';
import { deploymentVersion } from './cache-key.ts';

const versions = new Map<string, string>();
/** The bundle's file names, once per isolate (this runs on every cached page, HITs included). */
const MANIFEST_TEXT = JSON.stringify(manifest);

export function currentDeploymentVersion(env: Pick<Env, 'FLAGS' | 'ENVIRONMENT' | 'MAIN_HOST' | 'PRODUCT_NAME' | 'STATUS_SITE_URL'>): string {
  const parts = [MANIFEST_TEXT, env.FLAGS ?? '', env.ENVIRONMENT ?? '', env.MAIN_HOST ?? '', env.PRODUCT_NAME ?? '', env.STATUS_SITE_URL ?? ''];
  const id = parts.join('\u0001');
  let version = versions.get(id);
  if (!version) versions.set(id, (version = deploymentVersion(parts)));
  return version;
}
