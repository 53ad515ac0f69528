// Which main-host routes a user's or publication's host serves, and at which path: the rule
// the route table derives its host tables with (routes.ts) and links apply to one route by name
// (links.ts), without the table (docs/adr/0221-the-page-module-named-by-the-document.md).
import type { HostKind } from './routes.ts';

/**
 * Main-host routes that custom domains and username subdomains serve too, as Medium's
 * custom domains do: the short post link /p/{postId} (any story opens on any host; its
 * page links the canonical address) and the per-host parts of auth that set or clear that
 * host's own session cookie (callbacks, token exchange, login redirect, sign-out).
 * Everything else of the main host (/me/*, /tag/*, /search, /m/signin, editing, plans, …)
 * is not served there: links to it are absolute on the main origin.
 */
export const CUSTOM_DOMAIN_SHARED_ROUTE_NAMES: readonly string[] = [
  'ShowPost',
  'ShowAuthToken',
  'ShowAuthCallbackAuthenticate',
  'ShowAuthCallbackTwitter',
  'ShowAuthCallbackFacebook',
  'ShowAuthCallbackGoogle',
  'ShowAuthCallbackApple',
  'ShowAuthCallbackEmail',
  'ShowAuthCallbackNamecheap',
  'ShowMastodonCallback',
  'ShowLoginRedirect',
  'ShowSignOut',
];

/** The prefix of the routes a host kind serves for its owner: the owner's username or slug. */
export const OWNER_PREFIX: Readonly<Record<Exclude<HostKind, 'default'>, string>> = {
  user: '/@{username}',
  collection: '/{collectionSlug}',
};

export function hasPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix + '/');
}

/**
 * A main-host route's path on a user's or publication's host: an owner's route without its
 * prefix (/@{username}/about → /about; `owned`: the host name supplies the owner), a shared route
 * as it is; null when that host does not serve it.
 */
export function pathOnHostKind(hostKind: Exclude<HostKind, 'default'>, name: string, path: string): { path: string; owned: boolean } | null {
  const prefix = OWNER_PREFIX[hostKind];
  if (hasPrefix(path, prefix)) return { path: path.slice(prefix.length) || '/', owned: true };
  return CUSTOM_DOMAIN_SHARED_ROUTE_NAMES.includes(name) ? { path, owned: false } : null;
}
