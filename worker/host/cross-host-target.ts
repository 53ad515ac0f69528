// Where a cross-host redirect may go (docs/adr/0078-signed-in-on-every-host.md; the hand-over itself is
// worker/pipeline/cross-host.ts): a path on the main host, or an absolute URL on one of our
// other hosts. No open redirect: anything else is refused.
import { isDevelopment, mainOrigin, type Env } from '../env.ts';
import { resolveHost } from './resolve-host.ts';

/** The entry any host can link to: "be signed in there as here, then go there". */
export const LOGIN_REDIRECT_PATH = '/m/login-redirect';
export const REDIRECT_URL_LENGTH_MAX = 2000;

export type CrossHostTarget = { kind: 'main'; path: string } | { kind: 'other'; url: URL };

/**
 * Where a cross-host redirect may go: a path on the main host, or an absolute URL on one of our
 * other hosts (https; http too in development). Anything else is null.
 */
export async function crossHostTarget(env: Env, raw: string | null | undefined): Promise<CrossHostTarget | null> {
  if (!raw || raw.length > REDIRECT_URL_LENGTH_MAX) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(raw)) return null;
  if (raw.startsWith('/') && !raw.startsWith('//')) return { kind: 'main', path: raw };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isDevelopment(env))) return null;
  if (!onOurPort(env, url)) return null;
  const host = await resolveHost(env.DB, env, url.host);
  if (!host) return null;
  if (host.kind === 'default') return { kind: 'main', path: url.pathname + url.search + url.hash };
  return { kind: 'other', url };
}

/**
 * A sign-in token goes only to the exact origin a host of ours is served at (issue 29 item 5):
 * the records name a host without a port, and resolveHost matches the name alone, so the port is
 * checked here. Our hosts answer on their scheme's default port; in development the one local
 * server also answers every host on the main host's port. Any other port (ada.test:8080) is
 * someone else's server on that machine.
 */
function onOurPort(env: Env, url: URL): boolean {
  if (url.port === '') return true;
  return isDevelopment(env) && url.port === new URL(mainOrigin(env)).port;
}
