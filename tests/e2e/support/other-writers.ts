// What browser tests that change a seeded writer's story or account share: stories on this site by
// seeded writers no browser test signs in as (so changing them disturbs no other test), and a
// signed-in page opened and hydrated.
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { waitForHydration } from './browser.ts';
import type { DemoSession } from './e2e-database.ts';

/** The demo accounts (README's table): browser tests sign in as these. */
export const DEMO_ACCOUNTS: ReadonlySet<string> = new Set(['reader', 'member', 'friend', 'cancelled', 'failed', 'lapsed', 'gifted', 'ada', 'editor', 'author', 'staff', 'partner', 'grace']);

export interface FeedPost {
  id: string;
  creator: { id: string; name: string; username: string; customDomainState: { live: { domain: string } | null } | null };
  collection: { domain: string | null } | null;
}

/** Stories on this site (no custom domain) by seeded writers no browser test signs in as, newest first. */
export async function storiesByOtherWriters(baseURL: string): Promise<FeedPost[]> {
  const query = `query Stories { homeFeed(mode: LATEST, paging: { limit: 50 }) { items { post { id creator { id name username customDomainState { live { domain } } } collection { domain } } } } }`;
  const response = await fetch(`${baseURL}/_/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': '1' }, body: JSON.stringify({ query }) });
  const body = (await response.json()) as { data: { homeFeed: { items: { post: FeedPost }[] } } };
  return body.data.homeFeed.items.map((i) => i.post).filter((p) => !DEMO_ACCOUNTS.has(p.creator.username) && !p.creator.customDomainState?.live && !p.collection?.domain);
}

/** Opens `path` signed in as `session` at 1280 px, once hydrated. */
export async function openSignedIn(browser: Browser, baseURL: string, session: DemoSession, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  const page = await context.newPage();
  const response = await page.goto(baseURL + path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  return { context, page };
}
