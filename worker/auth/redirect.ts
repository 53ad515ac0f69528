// Where a sign-in may send the visitor back to: a path on the main host, or — through the
// main host's /m/login-redirect, which signs the reader in there too — a page on one of our
// other hosts (worker/pipeline/cross-host.ts hands the session over).
import { mainOrigin, type Env } from '../env.ts';
import { crossHostTarget, LOGIN_REDIRECT_PATH } from '../host/cross-host-target.ts';

/**
 * Where a sign-in may send the visitor back to: a path on the main host (or an absolute
 * URL on it, reduced to its path). Anything else — another origin, "//host", "/\host",
 * control characters — becomes "/", so a crafted link cannot redirect off site.
 */
export function safeRedirect(value: string | null | undefined, env: Pick<Env, 'MAIN_HOST'>): string {
  if (!value) return '/';
  const raw = value.trim();
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(raw)) return '/';
  const origin = mainOrigin(env);
  let url: URL;
  try {
    url = new URL(raw, origin + '/');
  } catch {
    return '/';
  }
  if (url.origin !== origin) return '/';
  if (!raw.startsWith('/') && !raw.startsWith(origin)) return '/';
  if (raw.startsWith('//')) return '/';
  return (url.pathname + url.search + url.hash).slice(0, 2000) || '/';
}

/**
 * The origin of the other host a sign-in return (signInReturnPath's answer) ends on, or null
 * when it stays on the main host. Only addresses signInReturnPath made carry one.
 */
export function crossHostReturnOrigin(returnPath: string): string | null {
  if (!returnPath.startsWith(`${LOGIN_REDIRECT_PATH}?`)) return null;
  const target = new URLSearchParams(returnPath.slice(LOGIN_REDIRECT_PATH.length + 1)).get('redirectUrl');
  try {
    return target ? new URL(target).origin : null;
  } catch {
    return null;
  }
}

/**
 * Where a sign-in returns to: a main-host path (safeRedirect), or — for a page on one of our
 * other hosts — the main host's /m/login-redirect, which signs the reader in there too.
 */
export async function signInReturnPath(value: string | null | undefined, env: Env): Promise<string> {
  const raw = value?.trim() ?? '';
  if (/^https?:\/\//i.test(raw)) {
    const target = await crossHostTarget(env, raw);
    if (target?.kind === 'other') return `${LOGIN_REDIRECT_PATH}?redirectUrl=${encodeURIComponent(target.url.href)}`;
  }
  return safeRedirect(value, env);
}
