// RSS 2.0 feeds of the site's latest stories, writers, publications, topics and public lists
// (issue 6 item 11, docs/product/3-routes-data-calls-constants.md §7.6), answered before the page
// layer. See feed-target.ts for the addresses on each host kind.
//
// Caching decision: a feed is rendered as a logged-out reader sees it whatever the request
// carries (feed-data.ts), so it is safe to share: it is sent with
// Cache-Control: public, max-age=300 (the page cache's freshness) and never sets or reads a
// cookie. It does not go through the page edge cache (worker/cache/): that cache keys and
// tags page routes and is purged by page tags, and a feed costs one GraphQL execution of
// ten stories, so a five-minute shared HTTP cache is the simpler right amount.
import type { Context, Hono } from 'hono';
import { mainOrigin, type Env } from '../env.ts';
import { resolveHost } from '../host/resolve-host.ts';
import { feedChannel } from './feed-channel.ts';
import { loadFeed } from './feed-data.ts';
import { feedTarget, type FeedTarget } from './feed-target.ts';
import { rssDocument } from './rss-document.ts';

export const FEED_CACHE_CONTROL = 'public, max-age=300';
const NOT_FOUND_CACHE_CONTROL = 'public, max-age=60';

type AppContext = Context<{ Bindings: Env }>;

/** What a 404 says is missing. A private list is "no such list", exactly like an unknown one. */
const MISSING: Record<FeedTarget['kind'], string> = {
  latest: 'feed',
  user: 'writer',
  tag: 'topic',
  collection: 'publication or tag',
  catalog: 'list',
  news: 'publication newsletter',
  series: 'series',
};

function notFound(message: string): Response {
  return new Response(message, { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': NOT_FOUND_CACHE_CONTROL } });
}

export async function handleFeed(c: AppContext): Promise<Response> {
  const env = c.env;
  const url = new URL(c.req.url);
  const hostHeader = c.req.header('host') ?? url.host;
  const host = await resolveHost(env.DB, env, hostHeader);
  if (!host) return notFound(`Unknown host: ${hostHeader} is not served by ${env.PRODUCT_NAME}.`);
  const target = feedTarget(host, url.pathname);
  if (!target) return notFound('There is no feed at this address.');
  const feed = await loadFeed(env, target);
  if (!feed) return notFound(`No such ${MISSING[target.kind]}.`);
  const origin = mainOrigin(env);
  const selfUrl = `${host.kind === 'default' ? origin : `${new URL(origin).protocol}//${host.host}`}${url.pathname}`;
  const xml = rssDocument(feedChannel(feed, { mainOrigin: origin, productName: env.PRODUCT_NAME, selfUrl }));
  return new Response(xml, {
    status: 200,
    headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': FEED_CACHE_CONTROL },
  });
}

/** Mounts the feed endpoints; call before the page handler. */
export function mountFeeds(app: Hono<{ Bindings: Env }>): void {
  app.get('/feed', handleFeed);
  app.get('/feed/*', handleFeed);
}
