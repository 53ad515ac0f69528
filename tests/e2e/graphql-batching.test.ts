// Issue 18 point 3 (docs/product/2-sign-in-notices-cache-routing.md §7; docs/reader.md "The data
// client"): after a signed-in reader's story page hydrates, the calls it makes go out batched —
// operations within 20 ms of each other in one POST (at most 20), by batch group — and every
// POST carries the operation names, the app (lite/ + version), the route's metric name and the
// path. The figures are printed for the note.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Request } from 'playwright-core';
import { launchBrowser, ON_SITE_STORY_CARD, waitForHydration } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';
import { BATCH_WINDOW_MS, ENQUEUE_MARK } from '../../client/app/batch-exchange.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let reader: DemoSession;

beforeAll(async () => {
  browser = await launchBrowser();
  reader = createDemoSessions(['reader']).reader!;
});
afterAll(async () => {
  await browser?.close();
});

interface Post {
  operations: string[];
  headers: Record<string, string>;
}

function graphqlPosts(requests: Request[]): Post[] {
  return requests
    .filter((r) => new URL(r.url()).pathname === '/_/graphql' && r.method() === 'POST')
    .map((r) => {
      const body = JSON.parse(r.postData() ?? 'null') as unknown;
      const entries = (Array.isArray(body) ? body : [body]) as { operationName?: string; query: string }[];
      return {
        operations: entries.map((e) => e.operationName ?? /(?:query|mutation)\s+(\w+)/.exec(e.query)?.[1] ?? '?'),
        headers: r.headers(),
      };
    });
}

it('a signed-in story page batches its calls after hydration, each POST with the spec’s headers', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: reader.token, url: baseURL }]);
  const page = await context.newPage();
  await page.goto(baseURL + '/');
  await waitForHydration(page);
  const href = (await page.locator(`${ON_SITE_STORY_CARD} .story-card-link`).first().getAttribute('href'))!;

  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await page.goto(baseURL + href);
  await waitForHydration(page);
  // Everything the page asks for once hydrated (menus, counts, viewer edges) has gone out.
  await page.waitForLoadState('networkidle');
  const posts = graphqlPosts(requests);
  const operations = posts.flatMap((p) => p.operations);
  console.log(`[graphql-batching] story page after hydration: ${posts.length} POST(s), ${operations.length} operation(s): ${JSON.stringify(posts.map((p) => p.operations))}`);

  expect(operations.length).toBeGreaterThan(0);
  for (const post of posts) {
    expect(post.operations.length).toBeLessThanOrEqual(20);
    expect(post.headers['graphql-operation']).toBe(post.operations.join(','));
    expect(post.headers['vellum-frontend-app']).toMatch(/^lite\/\d+\.\d+\.\d+/);
    expect(post.headers['vellum-frontend-route']).toBe('ShowPostUnderUser');
    expect(post.headers['vellum-frontend-path']).toBe(href);
  }
  // The 20 ms rule against the page's real timings: calls of one group that joined within
  // 20 ms of the call that opened their window are in one POST (a timer never fires early, so
  // a busy machine can only merge more, never split these). A call made later — a chunk
  // loaded after hydration, such as the story's highlights — may go in a POST of its own.
  const enqueued = await page.evaluate(
    (mark) => performance.getEntriesByName(mark).map((e) => ({ at: e.startTime, ...((e as PerformanceMark).detail as { group: string; operation: string }) })),
    ENQUEUE_MARK,
  );
  // A call torn down before its window closed (a re-render) leaves a mark too; the one sent is
  // the operation's last.
  const sentCalls = [...new Map(enqueued.map((e) => [e.operation, e])).values()];
  expect(sentCalls.map((e) => e.operation).sort()).toEqual([...new Set(operations)].sort());
  const postOf = (operation: string) => posts.findIndex((p) => p.operations.includes(operation));
  let mustShare = 0;
  for (const group of new Set(sentCalls.map((e) => e.group))) {
    const calls = sentCalls.filter((e) => e.group === group).sort((a, b) => a.at - b.at);
    let opener = calls[0]!;
    for (const call of calls.slice(1)) {
      if (call.at - opener.at < BATCH_WINDOW_MS) {
        expect(postOf(call.operation), `${call.operation} joined ${opener.operation}'s window`).toBe(postOf(opener.operation));
        mustShare++;
      } else if (postOf(call.operation) !== postOf(opener.operation)) {
        opener = call;
      }
    }
  }
  console.log(`[graphql-batching] ${mustShare} call(s) joined an open window and shared its POST`);
  await context.close();
});
