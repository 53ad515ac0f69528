// The cache layer around page rendering (spec 2 §4.7, DESIGN "Edge cache"):
//
//   rules on the request ──no──────────────────────────────────────────────▶ render ─▶ DYNAMIC
//        │ yes (logged out, not bot/staff/internal/spoofed, cache on, group not disabled)
//        ▼
//   stored copy? ── fresh (TTL, tag ledger) ─────────────────────────────────▶ HIT (stored bytes)
//        │ none: MISS · stale: EXPIRED
//        ▼
//   cache controller (PostCacheController, TopicCacheController, …): subject + tags
//        │ a disabling rule fired, nothing found, controller error ──▶ render ─▶ DYNAMIC
//        ▼
//   render from the canonical URL ── not 200, or sets a cookie ───────────────▶ DYNAMIC
//        │
//        ├─▶ reader (MISS / EXPIRED), while it streams
//        └─▶ storage + tag index (waitUntil), the same bytes (body.tee())
//
// Requests that fail a rule on the request never look a copy up and never store one, so a
// page rendered for a signed-in viewer can never reach anyone else, and a logged-out copy
// never reaches a signed-in viewer. Routes that are not eligible (or with the cache off, or
// a method other than GET and HEAD) skip the controllers as well. Every page response gets X-Cache-Status and one log line.
import type { CountingD1 } from '../db/counting-d1.ts';
import type { Env } from '../env.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import type { HostContext } from '../host/resolve-host.ts';
import type { RequestViewer } from '../session/viewer.ts';
import type { ResolvedPage } from '../../shared/routing/resolve-page.ts';
import { addressTag, canonicalPageUrl, pageKey } from './cache-key.ts';
import { edgeCacheConfig, type EdgeCacheConfig, type EdgeCacheEnv } from './config.ts';
import { learnSubject } from './controllers.ts';
import { decidePage, decideRequest, decideResponse, type CacheDecision } from './decision.ts';
import { logDecision } from './decision-log.ts';
import { eligiblePage, type EligiblePage } from './eligibility.ts';
import { freshness } from './freshness.ts';
import { dynamicResponse, RENDERED_AT_HEADER, sharedPageHeaders, storedCopyHeaders, type CacheStatus } from './headers.ts';
import { indexStoredCopy, latestInvalidation } from './ledger.ts';
import { requestFacts } from './request-facts.ts';
import type { RequestFacts } from './rules.ts';
import type { PageStore } from './storage.ts';
import { CACHE_TAG_HEADER, parseCacheTagHeader, uniqueTags } from './tags.ts';
import { currentDeploymentVersion } from './version.ts';

/** What the cache layer needs to know of a page request (page-handler.ts's PageRequest has it all). */
export interface CacheablePage {
  url: URL;
  env: Env;
  host: HostContext;
  viewer: RequestViewer;
  /** Global flags. */
  flags: ReadonlySet<string>;
  resolved: ResolvedPage | null;
  /** The request's GraphQL context: the controllers share its loaders with the render. */
  graphql: GraphQLContext;
  d1: CountingD1;
}

export interface EdgeCacheIO {
  store: PageStore;
  waitUntil(promise: Promise<unknown>): void;
  now(): number;
}

type Logger = (status: CacheStatus, decision: Pick<CacheDecision, 'rule' | 'failed'>, tags: readonly string[], expired?: string) => void;

function decisionLogger(page: CacheablePage, eligible: EligiblePage | null, facts: RequestFacts): Logger {
  return (status, decision, tags, expired) =>
    logDecision({
      route: page.resolved?.routeName ?? 'NotFound',
      page: page.resolved?.pageName ?? 'not-found',
      hostKind: page.host.kind,
      ...(eligible ? { path: page.url.pathname } : {}),
      status,
      rule: decision.rule,
      failed: decision.failed,
      tags: [...tags],
      group: facts.experimentGroup,
      ...(expired ? { expired } : {}),
    });
}

type Lookup = { kind: 'hit'; response: Response } | { kind: 'miss' } | { kind: 'expired'; reason: string };

async function lookUp(key: string, page: CacheablePage, config: EdgeCacheConfig, io: EdgeCacheIO, log: Logger, decision: CacheDecision): Promise<Lookup> {
  let stored: Response | null;
  try {
    stored = await io.store.match(key);
  } catch (error) {
    console.error(JSON.stringify({ event: 'edge_cache_store_error', operation: 'match', message: String(error) }));
    return { kind: 'miss' };
  }
  if (!stored) return { kind: 'miss' };
  const now = io.now();
  const renderedAt = Number(stored.headers.get(RENDERED_AT_HEADER));
  const tags = parseCacheTagHeader(stored.headers.get(CACHE_TAG_HEADER));
  let verdict = freshness(renderedAt, now, config.ttlSeconds, null);
  if (verdict.fresh) {
    try {
      verdict = freshness(renderedAt, now, config.ttlSeconds, await latestInvalidation(page.d1.db, tags));
    } catch (error) {
      // A copy whose tags cannot be checked is not served: it may have been purged.
      console.error(JSON.stringify({ event: 'edge_cache_ledger_error', message: String(error) }));
      verdict = { fresh: false, reason: 'unreadable' };
    }
  }
  if (!verdict.fresh) {
    await stored.body?.cancel();
    return { kind: 'expired', reason: verdict.reason };
  }
  log('HIT', decision, tags);
  const headers = sharedPageHeaders(stored.headers, 'HIT', (now - renderedAt) / 1000);
  headers.set('x-d1-queries', String(page.d1.count()));
  return { kind: 'hit', response: new Response(stored.body, { status: 200, headers }) };
}

/**
 * Serves a page through the edge cache. `render` renders the page for the request it is
 * given (for a page that may be stored, with the canonical URL: no tracking parameters).
 */
export async function serveWithEdgeCache<P extends CacheablePage>(
  page: P,
  request: Request,
  io: EdgeCacheIO,
  render: (page: P) => Promise<Response>,
): Promise<Response> {
  const env = page.env as EdgeCacheEnv;
  const config = edgeCacheConfig(env);
  const eligible = eligiblePage(page.resolved);
  const facts = requestFacts(request, page.viewer, page.flags, config, eligible !== null);
  const log = decisionLogger(page, eligible, facts);
  const renderStartedAt = io.now();

  const onRequest = decideRequest(facts);
  if (!eligible || !config.inUse || !facts.isGetOrHead) {
    log('DYNAMIC', onRequest, []);
    return dynamicResponse(await render(page), []);
  }

  const key = pageKey(page.host, page.url, currentDeploymentVersion(env));
  const lookup: Lookup = onRequest.cacheable ? await lookUp(key.url, page, config, io, log, onRequest) : { kind: 'miss' };
  if (lookup.kind === 'hit') return lookup.response;
  const dropStale = () => {
    if (lookup.kind === 'expired') io.waitUntil(io.store.delete(key.url).catch(() => false));
  };

  const subject = await learnSubject(eligible, page.host, page.graphql);
  const decision = decidePage(facts, subject.facts);
  if (!decision.cacheable) {
    dropStale();
    log('DYNAMIC', decision, subject.tags);
    return dynamicResponse(await render(page), subject.tags);
  }

  const rendered = await render({ ...page, url: canonicalPageUrl(page.url) });
  const final = decideResponse(facts, subject.facts, rendered);
  if (!final.cacheable || !rendered.body) {
    dropStale();
    log('DYNAMIC', final, subject.tags);
    return dynamicResponse(rendered, subject.tags);
  }

  const tags = uniqueTags([...subject.tags, await addressTag(key.address)]);
  const keepSeconds = config.ttlSeconds + config.staleSeconds;
  const storedHeaders = storedCopyHeaders(rendered.headers, tags, renderStartedAt, keepSeconds);
  const [forReader, forStore] = rendered.body.tee();
  io.waitUntil(
    (async () => {
      try {
        await io.store.put(key.url, new Response(forStore, { status: 200, headers: storedHeaders }));
        await indexStoredCopy(env.DB, key.url, tags, renderStartedAt, renderStartedAt + keepSeconds * 1000);
      } catch (error) {
        console.error(JSON.stringify({ event: 'edge_cache_store_error', operation: 'put', route: eligible.routeName, message: String(error) }));
      }
    })(),
  );

  const status: CacheStatus = lookup.kind === 'expired' ? 'EXPIRED' : 'MISS';
  log(status, final, tags, lookup.kind === 'expired' ? lookup.reason : undefined);
  const headers = sharedPageHeaders(storedHeaders, status, 0);
  const queries = rendered.headers.get('x-d1-queries');
  if (queries !== null) headers.set('x-d1-queries', queries);
  return new Response(forReader, { status: 200, headers });
}
