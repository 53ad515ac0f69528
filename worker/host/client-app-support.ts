// Client app support (docs/product/3-routes-data-calls-constants.md §4; docs/entities.md
// "Client app support"): how the build a browser tab runs stands against the build this
// deployment serves. The rule is shared/client-app-support.ts; the browser asks through
// clientAppSupportState (client/app/client-app-support.ts).
import manifest from '../generated/asset-manifest.json' with { type: 'json' };
import type { Env } from '../env.ts';
import { clientAppSupportStateOf, type ClientAppSupportState } from '../../shared/client-app-support.ts';

/** The client build this deployment serves: its entry chunk's name ("entry-2Ts2Yoid"). */
const SERVED_BUILD = /([^/]+)\.js$/.exec(manifest.js)?.[1] ?? null;

export function clientAppSupportState(env: Pick<Env, 'DROPPED_CLIENT_BUILDS'>, version: string): ClientAppSupportState {
  const dropped = (env.DROPPED_CLIENT_BUILDS ?? '')
    .split(',')
    .map((build) => build.trim())
    .filter(Boolean);
  return clientAppSupportStateOf(version.trim(), SERVED_BUILD, dropped);
}

/** The build served now, for tests and the shell's own comparison. */
export function servedClientBuild(): string | null {
  return SERVED_BUILD;
}
