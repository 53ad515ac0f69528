// Search configuration (docs/search.md, README "Search"): which app and indexes the client
// searches, and whether a hosted app takes over. The names are the provider's; the local
// service answers the same protocol, so switching is configuration alone.
import type { Env } from '../env.ts';
import { INDEX_KINDS, type IndexKind } from './index-sql.ts';

export type SearchEnv = Pick<Env, 'DB' | 'SEARCH_APP_ID' | 'SEARCH_INDEX_PREFIX' | 'SEARCH_API_KEY' | 'SEARCH_ADMIN_KEY' | 'SEARCH_QUERIES_PER_SECOND'>;

/** What the browser needs to search (part of the preloaded config; nothing secret). */
export interface SearchClientConfig {
  appId: string;
  apiKey: string;
  indexPrefix: string;
  /** null: the page's own origin answers (the local service); else the hosted app's default hosts. */
  host: 'self' | 'hosted';
}

export function isHostedSearch(env: Pick<Env, 'SEARCH_ADMIN_KEY'>): boolean {
  return Boolean(env.SEARCH_ADMIN_KEY);
}

export function searchClientConfig(env: Pick<Env, 'SEARCH_APP_ID' | 'SEARCH_API_KEY' | 'SEARCH_INDEX_PREFIX' | 'SEARCH_ADMIN_KEY'>): SearchClientConfig {
  return {
    appId: env.SEARCH_APP_ID ?? '',
    apiKey: env.SEARCH_API_KEY ?? '',
    indexPrefix: env.SEARCH_INDEX_PREFIX ?? '',
    host: isHostedSearch(env) ? 'hosted' : 'self',
  };
}

/**
 * The origins the browser's search client talks to when a hosted app answers (its read host
 * and the retry hosts the client falls back to); none for the local service, which is the
 * page's own origin. The pages' Content-Security-Policy allows exactly these.
 */
export function hostedSearchOrigins(env: Pick<Env, 'SEARCH_APP_ID' | 'SEARCH_ADMIN_KEY'>): string[] {
  const appId = env.SEARCH_APP_ID ?? '';
  // An app id is letters and digits; anything else is not put into a policy.
  if (!isHostedSearch(env) || !/^[A-Za-z0-9]+$/.test(appId)) return [];
  const id = appId.toLowerCase();
  return [`https://${id}-dsn.algolia.net`, `https://${id}.algolia.net`, ...[1, 2, 3].map((n) => `https://${id}-${n}.algolianet.com`)];
}

export function indexName(env: Pick<Env, 'SEARCH_INDEX_PREFIX'>, kind: IndexKind): string {
  return `${env.SEARCH_INDEX_PREFIX ?? ''}${kind}`;
}

/** The index kind an index name names, or null. */
export function indexKindOf(env: Pick<Env, 'SEARCH_INDEX_PREFIX'>, name: string): IndexKind | null {
  const prefix = env.SEARCH_INDEX_PREFIX ?? '';
  if (!name.startsWith(prefix)) return null;
  const kind = name.slice(prefix.length);
  return (INDEX_KINDS as readonly string[]).includes(kind) ? (kind as IndexKind) : null;
}
