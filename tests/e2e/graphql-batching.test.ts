// Issue 18 point 3 (docs/product/2-sign-in-notices-cache-routing.md §7; docs/reader.md "The data
// client"): after a signed-in reader's story page hydrates, the calls it makes go out batched —
// operations within 20 ms of each other in one POST (at most 20), by batch group — and every
// POST carries the operation names, the app (lite/ + version), the route's metric name and the
// path. The figures are printed for the note.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Request } from 'playwright-core';
import { launchBrowser, ON_SITE_STORY_CARD, waitForHydration } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

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
  // Operations of one batch group sent together go in one POST: no group is split.
  const groups = posts.map((p) => p.headers['vellum-batch-group'] ?? '');
  expect(new Set(groups).size).toBe(groups.length);
  await context.close();
});
