// The cache layer around page rendering (docs/product/2-sign-in-notices-cache-routing.md §4.7,
// docs/adr/0019-edge-cache-on-the-cache-api.md), in two steps that the request pipeline (worker/pipeline/page-pipeline.ts)
// calls:
//
//   consultEdgeCache: rules on the request ──no──────────────────────────▶ (not consulted)
//        │ yes (logged out, not bot/staff/internal/spoofed, cache on, group not disabled,
//        │      an eligible route, GET or HEAD)
//        ▼
//   stored copy? ── younger than the TTL ─────────────────────────────────▶ HIT (stored bytes)
//        │ none: MISS · older: EXPIRED
//        ▼
//   serveWithEdgeCache:
//   cache controller (PostCacheController, TopicCacheController, …): subject + tags
//        │ a disabling rule fired, nothing found, controller error ──▶ render ─▶ DYNAMIC
//        ▼
//   render from the canonical URL ── not 200, or sets a cookie ───────────────▶ DYNAMIC
//        │
//        ├─▶ reader (MISS / EXPIRED), while it streams
//        └─▶ storage + tag index (waitUntil), the same bytes (body.tee()); withdrawn again
//            when one of its tags was purged while it rendered (the tag ledger)
//
// For a request without a session cookie the pipeline consults the cache before it reads a
// session or creates a GraphQL context: a HIT is one Cache API match and the stored bytes,
// with no D1 query. A HIT reads nothing but the copy: freshness is its age, and purges
// remove copies (freshness.ts, purge.ts). Requests that fail a rule on the request never
// look a copy up and never store one, so a page rendered for a signed-in viewer can never
// reach anyone else, and a logged-out copy never reaches a signed-in viewer. Routes that are
// not eligible (or with the cache off, or a method other than GET and HEAD) skip the
// controllers as well. Every page response gets X-Cache-Status, and every one but a HIT one
// log line (HITs too with EDGE_CACHE_LOG_HITS=on, config.ts).
import type { PageRequest } from '../pages/page-request.ts';
import { addressTag, canonicalPageUrl, pageKey, type PageKey } from '../cache/cache-key.ts';
import { edgeCacheConfigOf, type EdgeCacheConfig, type EdgeCacheEnv } from '../cache/config.ts';
import { learnSubject } from './cache-controllers.ts';
import { decidePage, decideRequest, decideResponse, type CacheDecision } from '../cache/decision.ts';
import { logDecision } from '../cache/decision-log.ts';
import { eligiblePage, type EligiblePage } from '../cache/eligibility.ts';
import { freshness, purgedDuringRender } from '../cache/freshness.ts';
import { dynamicResponse, RENDERED_AT_HEADER, sharedPageHeaderRecord, sharedPageHeaders, storedCopyHeaders, type CacheStatus } from '../cache/headers.ts';
import { forgetStoredCopies, indexStoredCopy, latestInvalidation } from '../cache/ledger.ts';
import { requestFacts } from '../cache/request-facts.ts';
import type { RequestFacts } from '../cache/rules.ts';
import type { PageStore, StoredCopy } from '../cache/storage.ts';
import { CACHE_TAG_HEADER, uniqueTags } from '../cache/tags.ts';
import { currentDeploymentVersion } from '../cache/version.ts';
import { logEvent } from '../lib/log-context.ts';

/** What the cache layer reads of a page request (the render gets the whole request). */
export type CachedPageRequest = Pick<PageRequest, 'url' | 'env' | 'host' | 'viewer' | 'flags' | 'resolved' | 'd1' | 'graphql'>;

/** What consulting the cache reads: no data, no GraphQL; of D1 only how many queries ran (none, for the fast path). */
export type ConsultedPageRequest = Pick<PageRequest, 'url' | 'env' | 'host' | 'viewer' | 'flags' | 'resolved'> & { d1: Pick<PageRequest['d1'], 'count'> };

export interface EdgeCacheIO {
  store: PageStore;
  waitUntil(promise: Promise<unknown>): void;
  now(): number;
}

type Lookup = { kind: 'hit'; response: Response } | { kind: 'miss' } | { kind: 'expired'; reason: string } | { kind: 'not-consulted' };

/** What consulting the cache learned: the request's facts and decision, and the lookup's outcome. */
export interface Consultation {
  config: EdgeCacheConfig;
  eligible: EligiblePage | null;
  facts: RequestFacts;
  onRequest: CacheDecision;
  /** null when the cache does not apply to the request at all (not eligible, off, not GET/HEAD). */
  key: PageKey | null;
  lookup: Lookup;
}

type Logger = (status: CacheStatus, decision: Pick<CacheDecision, 'rule' | 'failed'>, tags: readonly string[], expired?: string) => void;

function decisionLogger(page: ConsultedPageRequest, eligible: EligiblePage | null, facts: RequestFacts): Logger {
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

const storeError = (operation: string, error: unknown, route?: string) =>
  logEvent({ event: 'edge_cache_store_error', operation, ...(route ? { route } : {}), message: String(error) }, 'error');

/** The stored copy under the key, if it is still fresh: a HIT reads nothing else. */
async function lookUp(key: string, config: EdgeCacheConfig, io: EdgeCacheIO, onHit: ((tags: readonly string[]) => void) | null, d1Queries: number): Promise<Lookup> {
  let stored: StoredCopy | null;
  try {
    stored = await io.store.match(key);
  } catch (error) {
    storeError('match', error);
    return { kind: 'miss' };
  }
  if (!stored) return { kind: 'miss' };
  const now = io.now();
  const renderedAt = Number(stored.headers.get(RENDERED_AT_HEADER));
  const verdict = freshness(renderedAt, now, config.ttlSeconds);
  if (!verdict.fresh) {
    if (stored.body instanceof ReadableStream) await stored.body.cancel();
    return { kind: 'expired', reason: verdict.reason };
  }
  // The tags were written by the MISS that stored the copy: no need to validate them again.
  onHit?.(stored.headers.get(CACHE_TAG_HEADER)?.split(',') ?? []);
  const headers = sharedPageHeaderRecord(stored.headers, 'HIT', (now - renderedAt) / 1000);
  headers['x-d1-queries'] = String(d1Queries);
  return { kind: 'hit', response: new Response(stored.body, { status: 200, headers }) };
}

/**
 * Decides on the request alone and, when the stored copy may be used, looks it up. Needs no
 * session, data or GraphQL: for a request without a session cookie the pipeline calls it
 * before the viewer is resolved. A HIT's response is in `lookup.response`.
 */
export async function consultEdgeCache(page: ConsultedPageRequest, request: Request, io: EdgeCacheIO): Promise<Consultation> {
  const env = page.env as EdgeCacheEnv;
  const config = edgeCacheConfigOf(env);
  const eligible = eligiblePage(page.resolved);
  const facts = requestFacts(request, page.viewer, page.flags, config, eligible !== null);
  const onRequest = decideRequest(facts);
  if (!eligible || !config.inUse || !facts.isGetOrHead) return { config, eligible, facts, onRequest, key: null, lookup: { kind: 'not-consulted' } };
  const key = pageKey(page.host, page.url, currentDeploymentVersion(env));
  if (!onRequest.cacheable) return { config, eligible, facts, onRequest, key, lookup: { kind: 'not-consulted' } };
  const logHit = config.logHits ? (tags: readonly string[]) => decisionLogger(page, eligible, facts)('HIT', onRequest, tags) : null;
  const lookup = await lookUp(key.url, config, io, logHit, page.d1.count());
  return { config, eligible, facts, onRequest, key, lookup };
}

/**
 * Stores a rendered copy, then withdraws it if one of its tags was purged since its render
 * started (a render that read data before a write and finished after it). Storing first and
 * checking after closes the race both ways: a purge that records its tags before the check is
 * seen by it; one that records them after finds the copy already in the tag index (locally)
 * or in storage (the zone purge), and deletes it itself.
 */
async function storeCopy(page: CachedPageRequest, io: EdgeCacheIO, key: string, copy: Response, tags: readonly string[], renderStartedAt: number, expiresAt: number): Promise<void> {
  const db = page.env.DB;
  await io.store.put(key, copy);
  await indexStoredCopy(db, key, tags, renderStartedAt, expiresAt);
  // A copy whose tags cannot be checked is not kept: it may have been overtaken.
  const overtaken = await latestInvalidation(db, tags).then(
    (at) => (purgedDuringRender(renderStartedAt, at) ? 'purged_during_render' : null),
    () => 'ledger_unreadable',
  );
  if (overtaken) {
    await io.store.delete(key);
    await forgetStoredCopies(db, [key], io.now()).catch(() => undefined);
    logEvent({ event: 'edge_cache_store_withdrawn', route: page.resolved?.routeName, reason: overtaken });
  }
}

/**
 * Serves a page through the edge cache. `render` renders the page for the request it is
 * given (for a page that may be stored, with the canonical URL: no tracking parameters).
 * `consulted` is what the pipeline's earlier consultation learned (its lookup is not repeated).
 */
export async function serveWithEdgeCache<P extends CachedPageRequest>(
  page: P,
  request: Request,
  io: EdgeCacheIO,
  render: (page: P) => Promise<Response>,
  consulted?: Consultation,
): Promise<Response> {
  const renderStartedAt = io.now();
  const { config, eligible, facts, onRequest, key, lookup } = consulted ?? (await consultEdgeCache(page, request, io));
  if (lookup.kind === 'hit') return lookup.response;
  const log = decisionLogger(page, eligible, facts);

  if (!eligible || !key) {
    log('DYNAMIC', onRequest, []);
    return dynamicResponse(await render(page), []);
  }
  const dropStale = () => {
    if (lookup.kind === 'expired') io.waitUntil(io.store.delete(key.url).catch(() => false));
  };

  const subject = await learnSubject(eligible, page.host, page.graphql());
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
  const copy = new Response(forStore, { status: 200, headers: storedHeaders });
  io.waitUntil(storeCopy(page, io, key.url, copy, tags, renderStartedAt, renderStartedAt + keepSeconds * 1000).catch((error) => storeError('put', error, eligible.routeName)));

  const status: CacheStatus = lookup.kind === 'expired' ? 'EXPIRED' : 'MISS';
  log(status, final, tags, lookup.kind === 'expired' ? lookup.reason : undefined);
  const headers = sharedPageHeaders(storedHeaders, status, 0);
  const queries = rendered.headers.get('x-d1-queries');
  if (queries !== null) headers.set('x-d1-queries', queries);
  const rowsRead = rendered.headers.get('x-d1-rows-read');
  if (rowsRead !== null) headers.set('x-d1-rows-read', rowsRead);
  return new Response(forReader, { status: 200, headers });
}
